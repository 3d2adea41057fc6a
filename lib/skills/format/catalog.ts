// The catalog is the first disclosure level: what the model sees of every skill before it picks one.
// Isomorphic; the playground renders it in the browser too.

export interface CatalogEntry {
  name: string;
  description: string;
  /** Where the model can read the full SKILL.md; omitted from the output when not given. */
  location?: string;
}

/**
 * The `<available_skills>` block of the reference library (skills-ref `to_prompt`), byte for byte:
 * one element per line, values escaped like Python's html.escape.
 */
export function renderCatalogXml(entries: readonly CatalogEntry[]): string {
  if (entries.length === 0) return "<available_skills>\n</available_skills>";
  const lines = ["<available_skills>"];
  for (const entry of entries) lines.push(renderCatalogEntryXml(entry));
  lines.push("</available_skills>");
  return lines.join("\n");
}

export function renderCatalogEntryXml(entry: CatalogEntry): string {
  const lines = ["<skill>", "<name>", escapeXml(entry.name), "</name>", "<description>", escapeXml(entry.description), "</description>"];
  if (entry.location !== undefined) lines.push("<location>", escapeXml(entry.location), "</location>");
  lines.push("</skill>");
  return lines.join("\n");
}

/** A Markdown list, one skill per line; a description cannot open a new item, heading or tag. */
export function renderCatalogMarkdown(entries: readonly CatalogEntry[]): string {
  if (entries.length === 0) return "No skills are available.";
  return entries
    .map((entry) => {
      const location = entry.location === undefined ? "" : ` (\`${entry.location.replace(/`/g, "")}\`)`;
      return `- **${escapeMarkdown(entry.name)}**: ${escapeMarkdown(entry.description)}${location}`;
    })
    .join("\n");
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);
}
