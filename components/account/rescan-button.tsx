"use client";
import { LoaderCircleIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { rescanAction } from "@/lib/actions/vetting";
import { cn } from "@/lib/utils";

/** Instance admins: rescan stored versions with the current rules (the stale ones, or all). */
export function RescanButtons({ stale }: { stale: number }) {
  const { state, formAction: action, pending } = useFormAction(rescanAction, { toast: false });
  return (
    <form action={action} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" name="all" value="false" variant="outline" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <RefreshCwIcon aria-hidden />}
          Rescan {stale ? `${stale} stale ${stale === 1 ? "version" : "versions"}` : "stale versions"}
        </Button>
        <Button type="submit" name="all" value="true" variant="ghost" disabled={pending}>
          Rescan every version
        </Button>
      </div>
      <p role="status" aria-live="polite" className={cn("text-sm", state && !state.ok ? "text-destructive" : "text-muted-foreground")}>
        {pending ? "Rescanning…" : (state?.message ?? null)}
      </p>
    </form>
  );
}
