import type { RefObject } from "react";
import { CrosshairIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { DraftTriggerTests } from "./trigger-draft";

/** Opens the Trigger tests panel; says how many tests the draft holds once it has the file. */
export function TriggerTestsButton({
  tests,
  onOpen,
  buttonRef,
}: {
  tests: DraftTriggerTests;
  onOpen: () => void;
  /** For the panel to hand focus back to. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Button ref={buttonRef} type="button" variant="outline" onClick={onOpen}>
      <CrosshairIcon aria-hidden /> Trigger tests
      {tests.exists ? (
        <span className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground tabular-nums">
          {tests.parse.tests.length}
          <span className="sr-only"> in the draft</span>
        </span>
      ) : null}
    </Button>
  );
}
