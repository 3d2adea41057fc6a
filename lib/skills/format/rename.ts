import { isMap, isScalar, parse, parseDocument, type Pair } from "yaml";

/**
 * SKILL.md with its frontmatter `name` set to `newName`, everything else byte for byte as it was
 * (other fields, comments, quoting style, line endings, BOM, the body). Used when an upload is
 * saved under another name to avoid a clash: the stored SKILL.md must say the name it is stored
 * under. A missing `name` is added as the first field. Returns null when there is no frontmatter
 * mapping to edit; such a SKILL.md is invalid anyway.
 */
export function renameSkillMd(text: string, newName: string): string | null {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const source = text.slice(bom.length);
  const frontmatter = locateFrontmatter(source);
  if (!frontmatter) return null;
  const { start, end, eol } = frontmatter;
  const yaml = source.slice(start, end);
  const doc = parseDocument(yaml, { version: "1.2", uniqueKeys: false, logLevel: "silent" });
  if (doc.errors.length) return null;
  const value = yamlScalar(newName);

  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return bom + source.slice(0, start) + `name: ${value}${eol}` + source.slice(start);
  }
  if (!isMap(doc.contents)) return null;
  const pairs = doc.contents.items as Pair[];
  // A duplicate `name` is an error the validator reports after the rename; the first is enough here.
  const pair = pairs.find((p) => isScalar(p.key) && p.key.value === "name");
  if (!pair) return bom + source.slice(0, start) + `name: ${value}${eol}` + source.slice(start);

  const keyEnd = isScalar(pair.key) ? pair.key.range?.[1] : undefined;
  if (keyEnd === undefined) return null;
  const range = (pair.value as { range?: [number, number, number] } | null)?.range;
  if (!range) {
    // `name:` with nothing after it: write the value after the colon.
    const colon = yaml.indexOf(":", keyEnd);
    if (colon === -1) return null;
    return bom + source.slice(0, start) + yaml.slice(0, colon + 1) + ` ${value}` + yaml.slice(colon + 1) + source.slice(end);
  }
  let to = range[1];
  // A block scalar's value runs to the end of its last line; keep that line break.
  while (to > range[0] && (yaml[to - 1] === "\n" || yaml[to - 1] === "\r")) to--;
  // An empty value (`name:`) sits right after the colon.
  const gap = yaml[range[0] - 1] === ":" ? " " : "";
  return bom + source.slice(0, start) + yaml.slice(0, range[0]) + gap + value + yaml.slice(to) + source.slice(end);
}

/** Offsets of the YAML between the `---` lines (the same delimiting rules as parseSkillMd). */
function locateFrontmatter(text: string): { start: number; end: number; eol: string } | null {
  const firstEnd = text.indexOf("\n");
  if (firstEnd === -1 || text.slice(0, firstEnd).replace(/\r$/, "") !== "---") return null;
  const eol = text[firstEnd - 1] === "\r" ? "\r\n" : "\n";
  let lineStart = firstEnd + 1;
  while (lineStart <= text.length) {
    const next = text.indexOf("\n", lineStart);
    const lineEnd = next === -1 ? text.length : next;
    if (text.slice(lineStart, lineEnd).replace(/\r$/, "") === "---") return { start: firstEnd + 1, end: lineStart, eol };
    if (next === -1) return null;
    lineStart = next + 1;
  }
  return null;
}

/** The name as YAML: plain when it reads back as the same string, double-quoted otherwise. */
function yamlScalar(name: string): string {
  if (/^[^\s"'#:{}[\],&*!|>%@`?-][^\s:#]*$/u.test(name)) {
    try {
      if (parse(name, { version: "1.2" }) === name) return name;
    } catch {
      // not plain YAML: quote it
    }
  }
  return JSON.stringify(name);
}
