/** A new account's first steps, as the skill list's first-run panel shows them. */
export interface FirstRunProgress {
  /** Has published or proposed a version of some skill (an upload, an import, an edit). */
  uploaded: boolean;
  /** Has an access token or a delivery link, the two ways an agent reaches the shelf. */
  connected: boolean;
  /** Has a playground conversation. */
  triedPlayground: boolean;
}
