import { LinkIcon } from "lucide-react";
import type { FeedInfo } from "@/lib/types/feeds";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { When } from "./access-tokens";
import { CreateFeedDialog, type FeedTargetOption } from "./create-feed-dialog";
import { RevokeFeedDialog } from "./revoke-feed-dialog";

const delivers = (feed: FeedInfo) => (feed.team ? `Team ${feed.team.name}` : feed.profile ? `Profile ${feed.profile.name}` : "Everything your agents get");

/** The account page's delivery links: make one (shown once, with its install commands), list, revoke. */
export function DeliveryLinks({ feeds, targets }: { feeds: FeedInfo[]; targets: FeedTargetOption[] }) {
  return (
    <section aria-labelledby="delivery-links-title" className="max-w-3xl">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 flex-1 basis-72 gap-1.5">
            <CardTitle id="delivery-links-title">Delivery links</CardTitle>
            <CardDescription>
              Install and update skills with <code className="font-mono">npx skills add &lt;link&gt;</code> in Claude Code, Codex and every agent the skills CLI
              knows, no token needed: the link carries its own secret. Read-only, shown once, revocable here.
            </CardDescription>
          </div>
          <CreateFeedDialog targets={targets} />
        </CardHeader>
        <CardContent>
          {feeds.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LinkIcon aria-hidden className="size-4" /> No delivery links yet.
            </p>
          ) : (
            <ul aria-label="Your delivery links" className="grid divide-y text-sm">
              {feeds.map((feed) => (
                <li key={feed.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-medium break-words">{feed.name}</p>
                    <p className="text-muted-foreground">
                      {delivers(feed)} · <span className="font-mono text-xs">{feed.prefix}…</span> · made <When date={feed.createdAt} /> · last used{" "}
                      <When date={feed.lastUsedAt} />
                    </p>
                  </div>
                  <RevokeFeedDialog feed={feed} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
