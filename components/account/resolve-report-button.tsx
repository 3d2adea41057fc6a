"use client";
import { useActionState } from "react";
import { CheckIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { resolveReportAction, type ReviewActionState } from "@/lib/actions/review";

export function ResolveReportButton({ id }: { id: string }) {
  const [state, action, pending] = useActionState<ReviewActionState, FormData>(resolveReportAction, null);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="id" value={id} />
      {state && !state.ok ? (
        <span role="alert" className="text-xs text-destructive">
          {state.message}
        </span>
      ) : null}
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <CheckIcon aria-hidden />}
        Resolve
      </Button>
    </form>
  );
}
