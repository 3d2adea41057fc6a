import { ShieldCheckIcon, ShieldOffIcon } from "lucide-react";
import { DEFAULT_TIMEOUT_SECONDS } from "@/lib/playground/run-result";
import type { ExecutionStatus } from "@/lib/types/playground";
import { Section } from "./setup-section";

/** Whether skill_run is offered: one line when it is, why not and how to enable it when it is not. */
export function ExecutionSection({ execution }: { execution: ExecutionStatus }) {
  return (
    <Section title="Script execution">
      {execution.enabled ? (
        <p className="flex gap-2 text-xs text-muted-foreground" data-testid="execution-status">
          <ShieldCheckIcon className="mt-px size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span>
            <span className="font-medium text-foreground">On</span> · {execution.executor}: no network, {DEFAULT_TIMEOUT_SECONDS} s per run, files under{" "}
            <code className="font-mono">inputs/</code> and <code className="font-mono">out/</code>.
          </span>
        </p>
      ) : (
        <div className="flex gap-2 text-xs" data-testid="execution-status">
          <ShieldOffIcon className="mt-px size-3.5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
          <div className="grid gap-1">
            <p>
              <span className="font-medium">Off</span> · {execution.cause === "setting" ? "An instance admin turned script execution off." : execution.reason}
            </p>
            <p className="text-muted-foreground">{execution.remedy}</p>
          </div>
        </div>
      )}
    </Section>
  );
}
