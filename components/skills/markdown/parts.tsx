import Link from "next/link";
import type { ReactNode } from "react";
import { CopyIcon, ExternalLinkIcon, ImageOffIcon, LinkIcon, TriangleAlertIcon } from "lucide-react";
import { CopyButton } from "@/components/skills/copy-button";

// The pieces of a rendered Markdown document that are more than HTML: icons, the code blocks' copy
// button and links to other files of the skill (in-app navigations). Live (React) versions here;
// static-parts.tsx has the same markup as plain elements, for a document rendered once to an HTML
// string and made live again by markdown-html.tsx.

export type MarkdownIconName = "link" | "external-link" | "triangle-alert" | "image-off" | "copy";

export interface MarkdownParts {
  Icon: (props: { name: MarkdownIconName; className?: string }) => ReactNode;
  /** A link to another file of the skill: a page of this app. */
  FileLink: (props: { href: string; className: string; title: string; target?: string; children: ReactNode }) => ReactNode;
  /** Copies the code of the <figure> it sits in. */
  CopyCodeButton: () => ReactNode;
}

const ICONS = { link: LinkIcon, "external-link": ExternalLinkIcon, "triangle-alert": TriangleAlertIcon, "image-off": ImageOffIcon, copy: CopyIcon };

export const LIVE_PARTS: MarkdownParts = {
  Icon({ name, className }) {
    const Icon = ICONS[name];
    return <Icon aria-hidden className={className} />;
  },
  FileLink({ href, className, title, target, children }) {
    return (
      <Link href={href} prefetch={false} className={className} title={title} target={target}>
        {children}
      </Link>
    );
  },
  CopyCodeButton() {
    return <CopyButton label="Copy code" className="p-1" />;
  },
};
