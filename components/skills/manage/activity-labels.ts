// What the manage dialog's "Recent activity" calls each audited change of one skill. Every action
// recorded with a skill id has a plain label here; one added later without a label still reads as
// words ("Review merge"), never as the stored key.

const ACTIVITY_LABEL: Record<string, string> = {
  "skill.create": "Created",
  "skill.version": "New version",
  "skill.scope": "Moved",
  "skill.delete": "Deleted",
  "skill.restore": "Restored a version",
  "skill.prune": "Pruned versions",
  "skill.archive": "Archived",
  "skill.unarchive": "Unarchived",
  "skill.rename": "Renamed",
  "skill.detach": "Detached from its source",
  "skill.download": "Downloaded",
  "skill.run": "Ran a script",
  "skill.tool": "Called a tool",
  "skill.review": "Marked reviewed",
  "skill.scan-override": "Imported despite a critical finding",
  "review.propose": "Proposed a change",
  "review.revise": "Revised a proposal",
  "review.comment": "Commented on a proposal",
  "review.merge": "Merged a proposal",
  "review.withdraw": "Withdrew a proposal",
  "scan.report": "Reported a false positive",
  "scan.report-resolved": "Resolved a false-positive report",
  "scan.rescan": "Rescanned",
  "source.sync": "Synced from its source",
};

export function activityLabel(action: string): string {
  const known = ACTIVITY_LABEL[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Changed";
}
