import { Badge } from "@/components/ui/badge";
import { scopeName } from "@/lib/labels";
import type { Scope } from "@/lib/skills/permissions/permissions";

const variants = { PERSONAL: "secondary", TEAM: "outline", PUBLIC: "default", BUILTIN: "secondary" } as const;

export function ScopeBadge({ scope, team }: { scope: Scope; team?: string | null }) {
  return (
    <Badge variant={variants[scope]} className={scope === "PUBLIC" ? "bg-primary/12 text-primary" : undefined}>
      {scope === "TEAM" && team ? `Team · ${team}` : scopeName(scope)}
    </Badge>
  );
}
