// Plain text the team page renders on the server (the form beside it is a client component).

/** What members who cannot change the setting see. */
export function boundToolsSummary(allowed: boolean): string {
  return allowed
    ? "On: this team's skills can bind tools in the playground. Only the team's owners can change this."
    : "Off: this team's skills do not bind tools in the playground. Only the team's owners can turn it on.";
}
