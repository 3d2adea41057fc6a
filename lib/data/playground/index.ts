// The playground data layer's front door: code outside lib/data imports from here.
export { openPlaygroundFile } from "./files";
export {
  continueTurn,
  deleteConversation,
  getConversation,
  getConversationHistory,
  getPlaygroundCatalog,
  listConversations,
  loadSkillSource,
  pendingApprovalIds,
  saveTurn,
  type LoadedSource,
} from "./playground";
export { getExecutionStatus, openRunSession, type NewAttachment } from "./skill-runs";
export {
  estimateAndRunSkillTriggerEval,
  estimateSkillTriggerEval,
  fileProposedRun,
  getTriggerTests,
  listTriggerEvalRuns,
  listTriggerEvalRunsInProgress,
  runSkillTriggerEval,
} from "./trigger-evals";
