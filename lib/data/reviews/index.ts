// Review requests: proposed changes to shared skills, approved before agents see them.
export { getTeamReviewSettings, setTeamReviewPolicy } from "./team-policy";
export { listReviewRequests, listSkillReviewRequests } from "./read";
export { countHeaderBadges, countReviewInbox, type HeaderCounts } from "./header-counts";
export { getReviewDiffFiles, getReviewRequest, reviewRequestHead } from "./detail";
export { commentOnRequest, deleteComment, editComment, setThreadResolved } from "./comments";
export { decideRequest, withdrawRequest, type DecisionResult } from "./decide";
