"use client";
import { CheckIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { resolveReportAction } from "@/lib/actions/vetting";

export function ResolveReportButton({ id }: { id: string }) {
  const { formAction: action, pending, failure } = useFormAction(resolveReportAction, { toast: false });
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="id" value={id} />
      {failure ? (
        <span role="alert" className="text-xs text-destructive">
          {failure.message}
        </span>
      ) : null}
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <CheckIcon aria-hidden />}
        Resolve
      </Button>
    </form>
  );
}
