// The skills data layer, by use case. Callers outside lib/data import from here; modules inside
// import the one they need.
export type {
  SkillAuthor,
  SkillDetail,
  SkillFileInfo,
  SkillListItem,
  SkillListPage,
  SkillSearchMatch,
  SkillSummary,
  SkillVersionDetail,
  VersionListItem,
} from "@/lib/types/skills";
export type { ListSkillsOptions, ScopeFilter, SkillPage, SkillSort } from "./list-options";
export { listSkillFacets, listSkills, scopeCount, type ScopeCounts, type SkillListFacets } from "./list";
export { getSkill, getSkillVersion, resolveVisibleSkills } from "./detail";
export { openSkillFile, readSkillFile, readSkillFiles, readSkillVersionFiles, type SkillFileBytes } from "./files";
export { readVersionBundle, type VersionBundleFile } from "./bundle";
// Skills come in through the intake (lib/data/intake); its writers are named here too, where most callers look for them.
export { addSkillVersion, createSkill, findSkillsInDestination, importSkills, type ImportItem, type ImportResult } from "../intake";
export { changeSkillScope, deleteSkill, pruneSkillVersions, restoreSkillVersion, setSkillArchived } from "./lifecycle";
export { listSkillAudit, listSkillReferences, recordDownload } from "./audit";
export { renameSkill } from "./rename";
export { syncBuiltinSkills } from "./builtin";
export { deleteLabel, listSkillLabels, moveLabel, resolveSkillLabel, type LabelResolution } from "./labels";
export { getSkillManageInfo } from "./manage";
export { getSkillMeta } from "./meta";
export { getSkillPage, type SkillPageData, type SkillPageSource } from "./page";
export { setSkillOwners } from "./owners";
export { setSkillStar } from "./stars";
export { addTeamTag, listTeamTags, removeTeamTag, setSkillTags } from "./tags";
export { diffSkillVersionFiles, diffSkillVersions, listSkillVersions } from "./versions";
export { getSkillVersionsPage } from "./versions-page";
