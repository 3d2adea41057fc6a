"use client";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { markdown } from "@codemirror/lang-markdown";
import { yaml, yamlFrontmatter } from "@codemirror/lang-yaml";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState, type Extension } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, placeholder } from "@codemirror/view";
import { tags as t } from "@lezer/highlight";
import type { Finding } from "@/lib/skills/format/findings";
import { diagnosticsFor } from "./diagnostics";
import "./editor.css";

// CodeMirror 6 behind a small React surface. One view; one EditorState per file, kept while the
// page lives, so switching files keeps each one's undo history and cursor. Colours come from CSS
// variables (editor.css), so light and dark follow the app's theme without reconfiguring.

export interface CodeEditorHandle {
  /** Put the cursor at the start of a 1-based line, scroll it into view and focus the editor. */
  goToLine(line: number): void;
  focus(): void;
}

const theme = EditorView.theme({
  "&": { height: "100%", backgroundColor: "var(--card)", color: "var(--foreground)", fontSize: "13px" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.6" },
  ".cm-content": { caretColor: "var(--foreground)", padding: "10px 0" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--foreground)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--cm-selection)" },
  ".cm-gutters": { backgroundColor: "var(--card)", color: "var(--muted-foreground)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--cm-active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--cm-active-line)", color: "var(--foreground)" },
  ".cm-lineNumbers .cm-gutterElement": { padding: "0 10px 0 12px" },
  ".cm-selectionMatch": { backgroundColor: "var(--cm-match)" },
  ".cm-matchingBracket": { backgroundColor: "var(--cm-match)", outline: "none" },
  ".cm-placeholder": { color: "var(--muted-foreground)" },
  ".cm-tooltip": { backgroundColor: "var(--popover)", color: "var(--popover-foreground)", border: "1px solid var(--border)", borderRadius: "6px" },
  ".cm-diagnostic": { padding: "4px 8px", fontFamily: "var(--font-sans)", fontSize: "12.5px" },
  ".cm-lintRange-error": { backgroundImage: "var(--cm-squiggle-error)" },
  ".cm-lintRange-warning": { backgroundImage: "var(--cm-squiggle-warning)" },
  ".cm-panels": { backgroundColor: "var(--muted)", color: "var(--foreground)", borderColor: "var(--border)" },
  ".cm-textfield": { backgroundColor: "var(--background)", border: "1px solid var(--input)", borderRadius: "4px" },
  ".cm-button": { backgroundImage: "none", backgroundColor: "var(--background)", border: "1px solid var(--input)", borderRadius: "4px" },
});

const highlight = HighlightStyle.define([
  { tag: [t.heading1, t.heading2, t.heading3, t.heading4, t.heading5, t.heading6, t.heading], color: "var(--cm-heading)", fontWeight: "600" },
  { tag: t.strong, fontWeight: "600" },
  { tag: t.emphasis, fontStyle: "italic" },
  { tag: t.strikethrough, textDecoration: "line-through" },
  { tag: [t.link, t.url], color: "var(--cm-link)" },
  { tag: [t.monospace, t.string, t.special(t.string)], color: "var(--cm-string)" },
  { tag: [t.propertyName, t.definition(t.propertyName), t.attributeName], color: "var(--cm-key)" },
  { tag: [t.keyword, t.bool, t.null, t.atom], color: "var(--cm-keyword)" },
  { tag: [t.number, t.integer, t.float], color: "var(--cm-number)" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "var(--muted-foreground)", fontStyle: "italic" },
  { tag: [t.meta, t.processingInstruction, t.contentSeparator, t.punctuation, t.separator, t.quote], color: "var(--cm-meta)" },
  { tag: [t.list], color: "var(--cm-meta)" },
  { tag: t.invalid, color: "var(--destructive)" },
]);

function languageFor(path: string): Extension {
  const lower = path.toLowerCase();
  if (lower.endsWith(".md") || lower.endsWith(".markdown")) return yamlFrontmatter({ content: markdown() });
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return yaml();
  return [];
}

export interface CodeEditorProps {
  path: string;
  text: string;
  onChange: (path: string, text: string) => void;
  /** Problems to underline (SKILL.md only). */
  findings?: readonly Finding[];
  label: string;
  handle?: Ref<CodeEditorHandle>;
}

export function CodeEditor({ path, text, onChange, findings = [], label, handle }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const current = useRef(path);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useImperativeHandle(handle, () => ({
    goToLine(line: number) {
      const v = view.current;
      if (!v) return;
      const target = v.state.doc.line(Math.min(Math.max(line, 1), v.state.doc.lines));
      v.dispatch({ selection: { anchor: target.from }, effects: EditorView.scrollIntoView(target.from, { y: "center" }) });
      v.focus();
    },
    focus: () => view.current?.focus(),
  }));

  const makeState = (filePath: string, doc: string) =>
    EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        lintGutter(),
        EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
        languageFor(filePath),
        syntaxHighlighting(highlight),
        theme,
        placeholder("Empty file"),
        EditorView.contentAttributes.of({ "aria-label": `Edit ${filePath}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) change.current(filePath, update.state.doc.toString());
        }),
      ],
    });

  // One view for the component's life; files swap states in and out of it.
  useEffect(() => {
    if (!host.current) return;
    const state = makeState(current.current, text);
    states.current.set(current.current, state);
    const v = new EditorView({ state, parent: host.current });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; path and text changes are handled below
  }, []);

  // Another file: keep the old one's state, bring back (or create) the new one's.
  useEffect(() => {
    const v = view.current;
    if (!v || current.current === path) return;
    states.current.set(current.current, v.state);
    current.current = path;
    const saved = states.current.get(path);
    v.setState(saved && saved.doc.toString() === text ? saved : makeState(path, text));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- text is read only when the file changes
  }, [path]);

  // Text changed from outside (a restored or rebased draft): replace the document.
  useEffect(() => {
    const v = view.current;
    if (!v || current.current !== path) return;
    if (v.state.doc.toString() !== text) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  }, [text, path]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, diagnosticsFor(v.state.doc, findings)));
  }, [findings, path]);

  return <div ref={host} role="group" aria-label={label} className="code-editor h-full min-h-0 overflow-hidden" data-path={path} />;
}
