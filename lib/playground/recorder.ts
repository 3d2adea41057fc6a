import type { DisclosureEvent, RouterRanking } from "./domain";

/**
 * Collects one turn's disclosure events in the order they happened. Tools record what they
 * disclosed; the turn's step hook records the tool errors the SDK raised before any tool ran
 * (input that failed the schema, a tool that does not exist), using `handled` to skip calls a
 * tool already reported itself.
 */
export interface DisclosureRecorder {
  readonly events: DisclosureEvent[];
  record(event: DisclosureEvent, toolCallId?: string): void;
  /** Tool call ids whose outcome a tool recorded itself. */
  readonly handled: ReadonlySet<string>;
  /** The offline router's ranking, when the model reported one (first step wins). */
  router: RouterRanking | null;
  /** Called after each record, e.g. to stream the event to the browser as it happens. */
  onEvent?: (event: DisclosureEvent) => void;
}

export function createRecorder(onEvent?: (event: DisclosureEvent) => void): DisclosureRecorder {
  const events: DisclosureEvent[] = [];
  const handled = new Set<string>();
  const recorder: DisclosureRecorder = {
    events,
    handled,
    router: null,
    onEvent,
    record(event, toolCallId) {
      events.push(event);
      if (toolCallId) handled.add(toolCallId);
      recorder.onEvent?.(event);
    },
  };
  return recorder;
}
