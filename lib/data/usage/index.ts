// The usage data layer's front door: code outside lib/data imports from here.
export { queryUsageAnalytics } from "./analytics";
export { discoveryChannel, noteDownload, noteInstall, noteMcp, noteOffered, notePlaygroundTurn } from "./notes";
export { getSkillUsage, getTeamInsights } from "./read";
export { flushUsage } from "./usage";
