import { agentKey } from "@/lib/skills/format/agent-keys";

// Every frontmatter field in source order, nested mappings and lists kept as they are. A key one
// agent defines (Claude Code's when_to_use, effort…) says whose it is and what it does.

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <code className="fm-scalar">null</code>;
  if (typeof value === "boolean" || typeof value === "number") return <code className="fm-scalar">{String(value)}</code>;
  if (typeof value === "string")
    return value === "" ? <span className="text-muted-foreground italic">empty</span> : <span className="whitespace-pre-wrap">{value}</span>;
  if (Array.isArray(value)) {
    if (!value.length) return <code className="fm-scalar">[]</code>;
    return (
      <ol className="fm-list">
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === "object") return <FrontmatterRows fields={value as Record<string, unknown>} nested />;
  return <span>{String(value)}</span>;
}

function FrontmatterRows({ fields, nested = false }: { fields: Record<string, unknown>; nested?: boolean }) {
  const entries = Object.entries(fields);
  if (!entries.length) return <code className="fm-scalar">{"{}"}</code>;
  return (
    <table className={nested ? "fm-table fm-nested" : "fm-table"}>
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row">
              {key}
              {!nested && agentKey(key) ? (
                <span className="mt-0.5 block text-[11px] font-normal text-muted-foreground" title={agentKey(key)!.summary}>
                  {agentKey(key)!.agent}: {agentKey(key)!.summary}
                </span>
              ) : null}
            </th>
            <td>
              <Value value={value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FrontmatterTable({ frontmatter }: { frontmatter: Record<string, unknown> }) {
  return (
    <section aria-labelledby="frontmatter" className="not-prose mb-8">
      <h2 id="frontmatter" className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Frontmatter
      </h2>
      <div className="overflow-x-auto rounded-lg border">
        <FrontmatterRows fields={frontmatter} />
      </div>
    </section>
  );
}
