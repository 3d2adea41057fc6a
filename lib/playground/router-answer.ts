import { Ranker } from "./ranker";
import type { PromptView } from "./router-prompt";
import { parseRunResult, SKILL_RUN } from "./run-tool";
import { LOAD_SKILL, UNLOAD_SKILL } from "./tools";
import type { RouterRanking } from "./domain";

// The offline router's last step: it cannot write an answer of its own, so it says which skill it
// routed to and why, and quotes the part of what it loaded that best matches the message.

export const ROUTER_LABEL = "Offline router (not an LLM)";

/** Characters of a quoted section at most. */
const MAX_QUOTE = 1500;

interface Section {
  heading: string;
  text: string;
}

/** Markdown split at its headings (outside fenced code); text before the first heading is its own section. */
export function sections(markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section = { heading: "", text: "" };
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1][0] : fence === fenceMatch[1][0] ? null : fence;
    const heading = fence === null && !fenceMatch ? /^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      if (current.text.trim() || current.heading) out.push(current);
      current = { heading: heading[1], text: `${line}\n` };
    } else current.text += `${line}\n`;
  }
  if (current.text.trim()) out.push(current);
  return out.map((s) => ({ ...s, text: s.text.trim() })).filter((s) => s.text);
}

/** The section of the texts that best matches the message (BM25F, heading weighted up), or the first. */
export function bestSection(message: string, texts: readonly { label: string; text: string }[]): { label: string; section: Section } | null {
  const every = texts.flatMap((t) => sections(t.text).map((section) => ({ label: t.label, section })));
  // A heading with nothing under it (a title followed by a subheading) has nothing to quote.
  const withContent = every.filter(({ section }) => section.text.split("\n").some((line) => line.trim() && !/^ {0,3}#{1,6}\s/.test(line)));
  const all = withContent.length > 0 ? withContent : every;
  if (all.length === 0) return null;
  const ranker = new Ranker(
    all.map((s, i) => ({
      name: String(i),
      fields: [
        { text: s.section.heading, weight: 2 },
        { text: s.section.text, weight: 1 },
      ],
    })),
  );
  const [best] = ranker.rank(message);
  const pick = best && best.score > 0 ? all[Number(best.name)] : all[0];
  return pick;
}

function quote(text: string): string {
  let clipped = text;
  if (clipped.length > MAX_QUOTE) {
    const cut = clipped.lastIndexOf("\n", MAX_QUOTE);
    clipped = `${clipped.slice(0, cut > MAX_QUOTE / 2 ? cut : MAX_QUOTE)}\n…`;
  }
  return clipped
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

export function answer(view: PromptView, subject: string | null, ranking: RouterRanking | null): string {
  const lines: string[] = [];
  const errors = view.thisTurn.filter((c) => c.isError && c.output);
  const best = ranking?.ranked[0];

  if (!subject || !view.bodies.has(subject)) {
    if (subject) {
      lines.push(`**${ROUTER_LABEL}.** I picked \`${subject}\`, but loading it failed, so I have nothing to quote.`);
    } else if (!ranking || !best || best.score <= 0) {
      lines.push(
        `**${ROUTER_LABEL}.** No skill in this catalog matches your message, so none was loaded. I only route requests to skills and quote them; I cannot answer on my own.`,
      );
    } else {
      lines.push(
        `**${ROUTER_LABEL}.** No skill matches your message closely enough, so none was loaded (${ranking.reason ?? "no skill qualified"}). I only route requests to skills and quote them; I cannot answer on my own.`,
      );
    }
    for (const error of errors) lines.push("", `Tool error from ${error.toolName}: ${error.output}`);
    return lines.join("\n");
  }

  const how = view.mentioned.includes(subject)
    ? `You mentioned \`${subject}\`, so its instructions came with your message.`
    : view.thisTurn.some((c) => c.toolName === LOAD_SKILL && c.input.name === subject && !c.isError)
      ? `I loaded \`${subject}\`${ranking?.chosen === subject && best ? ` (score ${best.score.toFixed(2)}, threshold ${ranking.threshold.toFixed(2)})` : ""}.`
      : `\`${subject}\` was loaded earlier in this conversation.`;
  lines.push(`**${ROUTER_LABEL}.** ${how}`);

  // Quote from what the user pointed at when a resource was read, else from the skill's body.
  const reads = view.reads.filter((r) => r.skill === subject);
  const sources =
    reads.length > 0
      ? reads.map((r) => ({ label: `${subject}/${r.path}`, text: r.text }))
      : [{ label: `${subject}/SKILL.md`, text: view.bodies.get(subject) ?? "" }];
  const picked = bestSection(view.userText, sources);
  if (picked) {
    const where = picked.section.heading ? `${picked.label}, section “${picked.section.heading}”` : picked.label;
    lines.push("", `The most relevant part (${where}):`, "", quote(picked.section.text));
  }
  const listed = view.resources.get(subject) ?? [];
  if (listed.length > 0 && reads.length === 0) {
    const shown = listed.slice(0, 8).map((p) => `\`${p}\``);
    lines.push("", `Resources you can ask about: ${shown.join(", ")}${listed.length > shown.length ? ` and ${listed.length - shown.length} more` : ""}.`);
  }
  lines.push(...runReports(view), ...callReports(view, subject));
  for (const error of errors) {
    if (error.denied)
      lines.push(
        "",
        error.toolName === SKILL_RUN
          ? `You denied running \`${String(error.input.command)}\`, so I did not run it.`
          : `You denied the call to \`${error.toolName}\`, so I did not make it.`,
      );
    else lines.push("", `Tool error from ${error.toolName}: ${error.output}`);
  }
  return lines.join("\n");
}

/** What each bound tool call of this turn returned. */
function callReports(view: PromptView, subject: string): string[] {
  const lines: string[] = [];
  const bound = new Set(view.boundTools.get(subject) ?? []);
  for (const call of view.thisTurn) {
    if (!bound.has(call.toolName) || call.isError || call.output === null) continue;
    lines.push("", `I called \`${call.toolName}\` with ${JSON.stringify(call.input)}. It returned:`, "", fence(clip(call.output)));
  }
  return lines;
}

/** The answer to a message that asked to unload skills: what each unload_skill call said. */
export function unloadAnswer(view: PromptView, names: readonly string[]): string {
  const lines = [`**${ROUTER_LABEL}.** You asked me to unload ${names.map((n) => `\`${n}\``).join(", ")}.`];
  for (const name of names) {
    const call = view.thisTurn.find((c) => c.toolName === UNLOAD_SKILL && c.input.name === name);
    lines.push("", call?.output ?? `I could not unload \`${name}\`: unload_skill is offered only while a skill is loaded.`);
  }
  return lines.join("\n");
}

/** Characters of a run's stdout or stderr quoted at most. */
const MAX_RUN_QUOTE = 800;

/** What each skill_run of this turn did, as the user should read it: command, outcome, output, files. */
function runReports(view: PromptView): string[] {
  const lines: string[] = [];
  for (const call of view.thisTurn) {
    if (call.toolName !== SKILL_RUN || call.isError) continue;
    const result = parseRunResult(call.output);
    if (!result) continue;
    const outcome = result.timed_out
      ? `it was stopped after ${(result.duration_ms / 1000).toFixed(1)} s (timed out)`
      : result.exit_code === 0
        ? `it finished in ${result.duration_ms} ms (exit code 0)`
        : `it failed with exit code ${result.exit_code ?? "none (killed)"} after ${result.duration_ms} ms`;
    lines.push("", `I ran \`${String(call.input.command)}\`: ${outcome}.`);
    const stdout = result.stdout.trim();
    const stderr = result.stderr.trim();
    if (stdout) lines.push("", "Output:", "", fence(clip(stdout)));
    if (stderr && (result.exit_code !== 0 || !stdout)) lines.push("", "Errors:", "", fence(clip(stderr)));
    if (result.output_files.length > 0) lines.push("", `Files produced: ${result.output_files.map((f) => `\`${f.name}\``).join(", ")}.`);
  }
  return lines;
}

const clip = (text: string) => (text.length > MAX_RUN_QUOTE ? `${text.slice(0, MAX_RUN_QUOTE)}\n…` : text);
const fence = (text: string) => `\`\`\`\n${text.replace(/```/g, "ʼʼʼ")}\n\`\`\``;
