// The intake: every way a skill comes into the store (the upload routes and the HTTP API, the
// ClawHub publish, the CLI import, source syncs, the editor's save, the seed) goes through one
// pipeline, in stages:
//   read      read.ts: the format core reads an upload's sources or a source's folder (the CLI and the editor read their own files)
//   validate  admit.ts: a skill with errors is refused with them
//   plan      upload-plan.ts for uploads (where, which names, which versions); the CLI and syncs plan their own matches
//   scan      scan.ts: once per skill and request, whichever stage asks first
//   gate      gate.ts: once per skill, the one place that reads a scan as accepted, held for review or blocked
//   write     write.ts: all or nothing, or each skill on its own
// A dry run is the pipeline stopped after the gate. The actor is read once per request
// (context.ts) and every answer is an IntakeOutcome (outcome.ts), shaped for its caller at the edge.
export { openIntake, intakeFor, type Intake, type Requester } from "./context";
export type { IntakeOutcome, Refused } from "./outcome";
export { reviewFromScan } from "./gate";
export { addSkillVersion, createSkill, importEach, importSkills } from "./import";
export { addVersionInTx, assertNameFree, lockSkillName, type ImportItem, type ImportResult } from "./write";
export { findSkillsInDestination, listDestinations, type DestinationInput } from "./destinations";
export { commitInputOf, commitUpload, dryRunUpload, planUploadCommit, previewUpload, type UploadFields } from "./upload";
export type { CommitInput } from "./upload-plan";
export { readSourceFolder, readUploadSources } from "./read";
