import { Fragment } from "react";
import type { CodeToken } from "@/components/skills/markdown/highlight";
import { staticMarkup } from "@/components/skills/markdown/static-markup";
import { cn } from "@/lib/utils";

/**
 * Highlighted lines as HTML. With `lineNumbers`, each line gets an id ("L12") so findings and
 * shared URLs can point at it; the numbers come from CSS, so copying the code leaves them out.
 *
 * The lines go into <code> as one HTML string (static-markup.ts writes what React would): a file
 * of a few hundred lines is thousands of token spans, and as elements each one was encoded in the
 * page's payload and walked again for its HTML on every view.
 */
export function CodeLines({
  lines,
  lineNumbers = false,
  className,
  label,
}: {
  lines: CodeToken[][];
  lineNumbers?: boolean;
  className?: string;
  label?: string;
}) {
  return (
    <pre className={cn("code-lines", lineNumbers && "code-lines-numbered", className)} tabIndex={0} aria-label={label}>
      <code dangerouslySetInnerHTML={{ __html: staticMarkup(lineElements(lines, lineNumbers)) }} />
    </pre>
  );
}

/** The lines as elements: a span per line (and its newline), a span per coloured token. */
export function lineElements(lines: CodeToken[][], lineNumbers: boolean) {
  return lines.map((tokens, index) => (
    <Fragment key={index}>
      <span className="line" id={lineNumbers ? `L${index + 1}` : undefined} data-line={lineNumbers ? index + 1 : undefined}>
        {tokens.map((token, i) =>
          token.style ? (
            <span key={i} style={token.style}>
              {token.content}
            </span>
          ) : (
            token.content
          ),
        )}
      </span>
      {"\n"}
    </Fragment>
  ));
}
