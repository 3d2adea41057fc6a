import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

// A Markdown file a run wrote (the csv-insights findings.md), rendered in its card. It is the
// script's output, not a skill's: no raw HTML (react-markdown shows it as text), and no link or
// image is followed or loaded, since nothing says where its relative paths would point.

const STYLES =
  "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 text-sm leading-relaxed [overflow-wrap:anywhere] [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:text-base [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_table]:w-max [&_table]:max-w-full [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:bg-muted/50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_ul]:list-disc [&_ul]:pl-5";

export function RunMarkdown({ text }: { text: string }) {
  return (
    <div className={STYLES}>
      <Markdown remarkPlugins={[remarkGfm]} urlTransform={() => null} components={{ table: ScrollingTable }}>
        {text}
      </Markdown>
    </div>
  );
}

/** A wide table scrolls inside the card instead of widening the chat on a phone. */
function ScrollingTable(props: React.ComponentProps<"table">) {
  return (
    <div className="min-w-0 overflow-x-auto">
      <table {...props} />
    </div>
  );
}
