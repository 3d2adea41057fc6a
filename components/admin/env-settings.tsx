import type { EnvSettingGroup } from "@/lib/types/admin";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The environment's settings, read-only: each with its value and where it comes from. */
export function EnvSettings({ groups }: { groups: EnvSettingGroup[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>From the environment</CardTitle>
        <CardDescription>
          Set in the server&apos;s environment or .env file and read at start; change them there and restart. Secrets only say whether they are set.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {groups.map((group) => (
          <section key={group.title} aria-label={group.title} className="grid gap-2">
            <h3 className="text-sm font-semibold">{group.title}</h3>
            <dl className="divide-y rounded-lg border text-sm">
              {group.rows.map((row) => (
                <div key={row.key} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="grid gap-0.5">
                    <span className="font-medium">{row.label}</span>
                    <code className="font-mono text-xs text-muted-foreground">{row.key}</code>
                  </dt>
                  <dd className="grid gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="break-all">{row.value}</span>
                      <Badge variant={row.source === "environment" ? "outline" : "secondary"}>{row.source}</Badge>
                    </span>
                    {row.note ? (
                      <span
                        className={
                          row.warn
                            ? "rounded-md border border-amber-500/30 bg-amber-500/10 px-2 py-1 text-xs text-amber-900 dark:text-amber-200"
                            : "text-xs text-muted-foreground"
                        }
                      >
                        {row.note}
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
