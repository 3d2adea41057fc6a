// URLs of the skill page and its files. The page's state (version, file, view) lives in the URL so
// any view can be shared; the file route serves bytes pinned to one version.

export type DocumentView = "preview" | "source";
/** The skill page's sections: the files (default), the Tools tab (?tab=tools), the Triggers tab (?tab=triggers) or the Security tab (?tab=security). */
export type SkillTab = "files" | "tools" | "triggers" | "security" | "usage";

/** ?tab= as a tab; anything unknown is the files. */
export function parseSkillTab(value: string | undefined): SkillTab {
  return value === "security" || value === "tools" || value === "triggers" || value === "usage" ? value : "files";
}

export interface SkillRoutes {
  /** The page of the version shown: /skills/[id] for the current one, /skills/[id]/v/[n] when pinned. */
  page(options?: { file?: string | null; view?: DocumentView; hash?: string | null }): string;
  /** The file viewer, optionally at an element id. */
  file(path: string, id?: string | null): string;
  /** The bytes of a file of the version shown (download route). */
  raw(path: string): string;
  version(number: number): string;
  latest(): string;
  /** The Security tab of the version shown. */
  security(): string;
  /** The Tools tab of the version shown, optionally at one tool. */
  tools(name?: string): string;
  /** The Triggers tab (trigger tests, runs and their history) of the version shown. */
  triggers(): string;
  /** The Usage tab (the skill's, whatever version is shown), over 30 or 90 days. */
  usage(days?: 30 | 90): string;
}

/**
 * Which version's page the links of a view point at. What a client component of the skill page is
 * given instead of SkillRoutes, whose functions cannot cross to the browser: it builds the same
 * routes with skillRoutes(at.skillId, at.version, at.pinned).
 */
export interface SkillPageAt {
  skillId: string;
  version: number;
  pinned: boolean;
}

/** A query value that keeps "/" readable: ?file=references/api.md */
function queryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/g, "/");
}

export function skillRoutes(skillId: string, versionNumber: number, pinned: boolean): SkillRoutes {
  const id = encodeURIComponent(skillId);
  const base = pinned ? `/skills/${id}/v/${versionNumber}` : `/skills/${id}`;
  const page: SkillRoutes["page"] = ({ file, view, hash } = {}) => {
    const query: string[] = [];
    if (file && file !== "SKILL.md") query.push(`file=${queryValue(file)}`);
    if (view === "source") query.push("view=source");
    return `${base}${query.length ? `?${query.join("&")}` : ""}${hash ? `#${encodeURIComponent(hash)}` : ""}`;
  };
  return {
    page,
    file: (path, hash) => page({ file: path, hash }),
    raw: (path) => `/api/skills/${id}/files/${path.split("/").map(encodeURIComponent).join("/")}?v=${versionNumber}`,
    version: (number) => `/skills/${id}/v/${number}`,
    latest: () => `/skills/${id}`,
    security: () => `${base}?tab=security`,
    tools: (name) => `${base}?tab=tools${name ? `#tool-${encodeURIComponent(name)}` : ""}`,
    triggers: () => `${base}?tab=triggers`,
    usage: (days) => `${base}?tab=usage${days === 90 ? "&days=90" : ""}`,
  };
}

/** The ZIP of a skill's current version. */
export function skillDownloadHref(skillId: string): string {
  return `/api/skills/${encodeURIComponent(skillId)}/download`;
}
