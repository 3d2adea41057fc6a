// Delivery links as the account page and the HTTP API show them; never the secret.

export type FeedKind = "personal" | "profile" | "team";

export interface FeedInfo {
  id: string;
  name: string;
  /** The first characters of the secret ("sksf_AbCd1234"), to tell links apart. */
  prefix: string;
  /** personal: everything its owner's agents get; profile: one agent profile; team: one team's skills. */
  kind: FeedKind;
  profile: { id: string; name: string } | null;
  team: { id: string; name: string } | null;
  /** The release label it delivers ("latest": the current version, or a profile link's profile's own). */
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What creating a link returns: the only time the secret is ever shown. */
export interface CreatedFeed {
  feed: FeedInfo;
  secret: string;
}
