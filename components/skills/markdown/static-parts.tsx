import { createElement, type ReactElement } from "react";
import * as checkModule from "lucide-react/icons/check";
import * as copyModule from "lucide-react/icons/copy";
import * as externalLinkModule from "lucide-react/icons/external-link";
import * as imageOffModule from "lucide-react/icons/image-off";
import * as linkModule from "lucide-react/icons/link";
import * as triangleAlertModule from "lucide-react/icons/triangle-exclamation-point";
import { COPY_BUTTON_CLASS } from "@/components/skills/copy-button-style";
import { cn } from "@/lib/utils";
import type { MarkdownIconName, MarkdownParts } from "./parts";

// parts.tsx's pieces as plain elements, with the markup the live ones render (lucide's <svg>, the
// CopyButton's <button>, next/link's <a>), so a document can be rendered once to an HTML string
// (static-markup.ts). markdown-html.tsx makes them live again: it copies for a button marked
// data-copy="code" and turns a click on a link into /skills/ into a client navigation.
// static-markup.test.ts holds both versions to the same markup over the shared corpora.

interface IconData {
  name: string;
  node: [string, Record<string, string>][];
  aliases?: string[];
}

// lucide-react exports each icon's drawing beside its component (its type declarations name only
// the component).
function iconData(module: object): IconData {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data?.name || !Array.isArray(data.node)) throw new Error("lucide-react no longer exports __iconData beside its icons");
  return data;
}

const ICONS: Record<MarkdownIconName | "check", IconData> = {
  link: iconData(linkModule),
  "external-link": iconData(externalLinkModule),
  "triangle-alert": iconData(triangleAlertModule),
  "image-off": iconData(imageOffModule),
  copy: iconData(copyModule),
  check: iconData(checkModule),
};

/** lucide's <svg> for an icon marked aria-hidden, as a plain element. */
export function staticIcon(name: MarkdownIconName | "check", className?: string): ReactElement {
  const { name: iconName, node, aliases = [] } = ICONS[name];
  const classes = ["lucide", `lucide-${iconName}`, ...aliases.map((alias) => `lucide-${alias}`), ...(className ?? "").split(/\s+/)];
  return createElement(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      width: 24,
      height: 24,
      viewBox: "0 0 24 24",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: 2,
      strokeLinecap: "round",
      strokeLinejoin: "round",
      className: [...new Set(classes.filter(Boolean))].join(" "),
      "aria-hidden": true,
    },
    ...node.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes })),
  );
}

export const STATIC_PARTS: MarkdownParts = {
  Icon({ name, className }) {
    return staticIcon(name, className);
  },
  FileLink({ href, className, title, target, children }) {
    return (
      <a className={className} title={title} target={target} href={href}>
        {children}
      </a>
    );
  },
  CopyCodeButton() {
    return (
      <button type="button" aria-label="Copy code" title="Copy code" className={cn(COPY_BUTTON_CLASS, "p-1")} data-copy="code">
        {staticIcon("copy")}
        <span role="status" className="sr-only">
          {""}
        </span>
      </button>
    );
  },
};
