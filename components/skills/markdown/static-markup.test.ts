import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createElement, Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SHARED_DIR } from "@/lib/skills/test-helpers/shared";
import { LinkIcon } from "lucide-react";
import { loadHighlighter } from "./highlight";
import { fenceLanguages } from "./languages";
import { renderMarkdown, type MarkdownContext } from "./render-markdown";
import { staticMarkup } from "./static-markup";
import { STATIC_PARTS } from "./static-parts";

// A stored document is sent as the string staticMarkup makes of its static render (STATIC_PARTS),
// where the editor renders it live (LIVE_PARTS: next/link, CopyButton, lucide). Both must be what
// React writes for the live tree, byte for byte, over every Markdown file the team has to hand:
// every Markdown file of the first corpus, the format cases and the hostile Markdown cases, and the
// SKILL.md of each of the 206 skills of the second corpus (its 1,100 other files, 7 MB, would add
// half a minute).

const DIRS = ["corpus", "corpus-external", "skill-format-cases", "markdown-xss/cases"].map((dir) => path.join(SHARED_DIR, dir));
const present = DIRS.filter((dir) => existsSync(dir));
if (present.length < DIRS.length)
  console.warn(`[static-markup] skipping the Markdown of ${DIRS.filter((dir) => !present.includes(dir)).join(", ")}: not present`);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Each Markdown file with the files of the folder it belongs to (its skill), so links resolve. */
function documents(): { file: string; name: string; path: string; source: string; files: Map<string, { mediaType: string }> }[] {
  const out = [];
  for (const dir of present) {
    const all = walk(dir);
    const external = dir.endsWith("corpus-external");
    for (const file of all.filter((name) => (external ? path.basename(name) === "SKILL.md" : name.endsWith(".md")))) {
      let root = path.dirname(file);
      while (root.startsWith(dir) && root !== dir && !existsSync(path.join(root, "SKILL.md"))) root = path.dirname(root);
      const files = new Map(
        all
          .filter((other) => other.startsWith(`${root}/`))
          .map((other) => [
            path.relative(root, other),
            { mediaType: other.endsWith(".md") ? "text/markdown" : other.endsWith(".png") ? "image/png" : "text/plain" },
          ]),
      );
      out.push({ file, name: path.relative(SHARED_DIR, file), path: path.relative(root, file), source: readFileSync(file, "utf8"), files });
    }
  }
  return out;
}

const docs = documents();
// Highlighted code is spans with CSS variables in style: the first corpus has plenty; the rest is
// compared with plain code lines, which keeps the test to seconds.
const highlighted = path.join(SHARED_DIR, "corpus") + path.sep;
const highlighter = await loadHighlighter(docs.filter((doc) => doc.file.startsWith(highlighted)).flatMap((doc) => fenceLanguages(doc.source)));
const plain = await loadHighlighter([]);

function context(doc: { file: string; path: string; files: Map<string, { mediaType: string }> }): MarkdownContext {
  return {
    path: doc.path,
    files: doc.files,
    fileHref: (file, id) => `/skills/s1?file=${encodeURIComponent(file)}${id ? `#${encodeURIComponent(id)}` : ""}`,
    rawHref: (file) => `/api/skills/s1/files/${file.split("/").map(encodeURIComponent).join("/")}?v=1`,
    highlighter: doc.file.startsWith(highlighted) ? highlighter : plain,
  };
}

describe.skipIf(present.length === 0)("a stored document's HTML is what React renders", () => {
  it("covers the shared Markdown", () => {
    expect(docs.length).toBeGreaterThan(700);
  });

  it("byte for byte, for every Markdown file of the corpora and the cases", { timeout: 300_000 }, () => {
    const mismatches: string[] = [];
    let copyButtons = 0;
    for (const doc of docs) {
      const live = renderToStaticMarkup(renderMarkdown(doc.source, context(doc)).content as ReactElement);
      const still = renderMarkdown(doc.source, context(doc), STATIC_PARTS).content;
      const ours = staticMarkup(still);
      const react = renderToStaticMarkup(still as ReactElement);
      copyButtons += ours.split('data-copy="code"').length - 1;
      if (ours !== react) mismatches.push(`${doc.name}: staticMarkup differs from React's ${firstDifference(ours, react)}`);
      else if (react.replaceAll(' data-copy="code"', "") !== live)
        mismatches.push(`${doc.name}: static parts differ from live ${firstDifference(react, live)}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(copyButtons).toBeGreaterThan(100);
  });
});

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(Math.max(0, i - 60), i + 60))} against ${JSON.stringify(b.slice(Math.max(0, i - 60), i + 60))}`;
}

describe("staticMarkup", () => {
  const same = (node: ReactNode) => expect(staticMarkup(node)).toBe(renderToStaticMarkup(node as ReactElement));

  it("writes attributes, text and void elements as React does", () => {
    same(
      createElement(
        "div",
        { className: "a b", tabIndex: 0, role: "region", "aria-label": `Say "hi" & <bye>`, "data-x": true, hidden: false, title: "it's" },
        "5 < 6 & 'q' \"x\" > 2",
        createElement("br"),
        createElement("img", { src: "/api/skills/s/x.png", alt: "", loading: "lazy" }),
        createElement("input", { checked: true, disabled: true, type: "checkbox" }),
        createElement("ol", { start: 3 }, createElement("li", null, 1, 2n)),
        createElement(
          "span",
          { style: { "--shiki-light": "#fff", color: "red", textAlign: "center", opacity: 0.5, marginTop: 4, fontSize: "" } },
          null,
          false,
          undefined,
        ),
        createElement(Fragment, null, [createElement("a", { key: "k", href: "", target: "_blank" }, "x")]),
        createElement("a", { href: " javascript:alert(1)", onClick: () => {} }, "bad"),
        createElement("pre", null, "\nkept"),
        createElement(
          "svg",
          { strokeWidth: 2, strokeLinecap: "round", viewBox: "0 0 24 24", "aria-hidden": true },
          createElement("path", { d: "M0 0", fillRule: "evenodd" }),
        ),
      ),
    );
  });

  it("calls plain function components", () => {
    const Hello = ({ name }: { name: string }) => createElement("b", null, `hi ${name}`);
    same(createElement(Hello, { name: "ada" }));
  });

  it("refuses what it cannot render the way React would: a client component, a forwardRef", () => {
    const clientReference = Object.assign(() => null, { $$typeof: Symbol.for("react.client.reference") });
    expect(() => staticMarkup(createElement(clientReference))).toThrow(/plain function components only/);
    expect(() => staticMarkup(createElement(STATIC_PARTS.Icon, { name: "link" }))).not.toThrow();
    expect(() => staticMarkup(createElement(LinkIcon))).toThrow(/plain function components only, not an element type of kind react.forward_ref/);
  });
});
