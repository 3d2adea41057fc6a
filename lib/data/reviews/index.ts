// Review requests: proposed changes to shared skills, approved before agents see them.
export { getTeamReviewSettings, setTeamReviewPolicy } from "./team-policy";
export { countReviewInbox, listReviewRequests, listSkillReviewRequests } from "./read";
export { getReviewDiffFiles, getReviewRequest, reviewRequestHead } from "./detail";
export { commentOnRequest, deleteComment, editComment, setThreadResolved } from "./comments";
export { decideRequest, withdrawRequest, type DecisionResult } from "./decide";
