// The account page's own sessions and sign-in methods, as the data layer hands them to the UI.

export interface OwnSession {
  id: string;
  /** "Firefox on Windows", from the session's User-Agent. */
  device: string;
  ipAddress: string | null;
  createdAt: Date;
  /** When the session was last refreshed (better-auth renews it once a day while in use); now for the current session. */
  lastActiveAt: Date;
  /** The session this page was loaded with. */
  current: boolean;
}

export interface SignInMethods {
  /** The account has a password (better-auth's "credential" account). */
  password: boolean;
  /** Names of the single sign-on providers linked to it. */
  providers: string[];
}
