import { TriangleAlertIcon } from "lucide-react";
import { FEED_LOCKFILE_WARNING, FEED_UPDATE_COMMAND, feedCommands } from "@/lib/skills/archive/feed-commands";
import { CopyTextButton } from "@/components/ui/copy-text-button";

/** The install commands of a delivery link, one per client, and where the link ends up. */
export function FeedCommandsView({ url, skill }: { url: string; skill?: string }) {
  return (
    <div className="grid gap-3 text-sm">
      {feedCommands(url, skill).map((c) => (
        <div key={c.client} className="grid gap-1.5">
          {/* The button beside the title, not the command: at 390 px a long label beside the command squeezed it to one character a line. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">{c.label}</p>
            <CopyTextButton text={c.command} label="Copy" description={`Copy the ${c.label} command`} />
          </div>
          <code className="rounded-md border bg-muted/40 px-2 py-1.5 font-mono text-xs break-all [contain:inline-size]">{c.command}</code>
        </div>
      ))}
      <p className="text-muted-foreground">
        Later, <code className="font-mono">{FEED_UPDATE_COMMAND}</code> brings every skill installed from the link up to date.
      </p>
      <p className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-amber-900 dark:text-amber-200">
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {FEED_LOCKFILE_WARNING}
      </p>
    </div>
  );
}
