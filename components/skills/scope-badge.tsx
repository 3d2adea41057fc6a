import { Badge } from "@/components/ui/badge";

const labels = { PERSONAL: "Personal", TEAM: "Team", PUBLIC: "Public", BUILTIN: "Built-in" } as const;
const variants = { PERSONAL: "secondary", TEAM: "outline", PUBLIC: "default", BUILTIN: "secondary" } as const;

export function ScopeBadge({ scope, team }: { scope: keyof typeof labels; team?: string | null }) {
  return (
    <Badge variant={variants[scope]} className={scope === "PUBLIC" ? "bg-primary/12 text-primary" : undefined}>
      {scope === "TEAM" && team ? `Team · ${team}` : labels[scope]}
    </Badge>
  );
}
