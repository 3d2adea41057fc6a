// Personal access tokens as the account page and the HTTP API show them; never the secret.

export const TOKEN_SCOPES = ["read", "publish"] as const;
/** "read": list, read and download skills. "publish": that, plus upload skills and versions and use the playground (it stores conversations). */
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export interface AccessTokenInfo {
  id: string;
  name: string;
  /** The first characters of the secret ("sks_AbCd1234"), to tell tokens apart. */
  prefix: string;
  scope: TokenScope;
  /** The release label what it reads follows ("latest": the current version). */
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** Null: never expires. */
  expiresAt: Date | null;
}

/** What creating a token returns: the only time the secret is ever shown. */
export interface CreatedAccessToken {
  token: AccessTokenInfo;
  secret: string;
}
