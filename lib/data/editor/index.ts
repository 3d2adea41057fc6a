// The editor data layer's front door: code outside lib/data imports from here.
export { InvalidDraftError, getEditRefusal, getEditorSkill, getEditorVersion, mayEditSkill, saveSkillDraft } from "./editor";
