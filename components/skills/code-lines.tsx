import { Fragment } from "react";
import type { CodeToken } from "@/components/skills/markdown/highlight";
import { cn } from "@/lib/utils";

/**
 * Highlighted lines as HTML. With `lineNumbers`, each line gets an id ("L12") so findings and
 * shared URLs can point at it; the numbers come from CSS, so copying the code leaves them out.
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
      <code>
        {lines.map((tokens, index) => (
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
        ))}
      </code>
    </pre>
  );
}
