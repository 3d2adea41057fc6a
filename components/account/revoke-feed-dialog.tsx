"use client";
import { revokeFeedAction } from "@/lib/actions/feeds";
import type { FeedInfo } from "@/lib/types/feeds";
import { RevokeDialog } from "./revoke-dialog";

export function RevokeFeedDialog({ feed }: { feed: FeedInfo }) {
  return (
    <RevokeDialog name={feed.name} field="feedId" id={feed.id} action={revokeFeedAction} confirm="Revoke link">
      Every client that installs or updates from <code className="font-mono">{feed.prefix}…</code> is refused from now on; skills already installed stay where
      they are. This cannot be undone.
    </RevokeDialog>
  );
}
