import { KeyRoundIcon } from "lucide-react";
import type { AccessTokenInfo } from "@/lib/types/tokens";
import { formatExpiry, formatRelative } from "@/lib/display";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateTokenDialog } from "./create-token-dialog";
import { RevokeTokenDialog } from "./revoke-token-dialog";

export function When({ date }: { date: Date | null }) {
  if (!date) return <span className="text-muted-foreground">never</span>;
  return (
    // relative to "now", which differs between the server render and hydration by a moment
    <time dateTime={date.toISOString()} title={date.toLocaleString("en-US")} suppressHydrationWarning>
      {formatRelative(date)}
    </time>
  );
}

function Expiry({ date }: { date: Date | null }) {
  const label = formatExpiry(date);
  if (!date) return <span className="text-muted-foreground">{label}</span>;
  return (
    <time
      dateTime={date.toISOString()}
      title={date.toLocaleString("en-US")}
      className={label === "expired" ? "font-medium text-destructive" : undefined}
      suppressHydrationWarning
    >
      {label}
    </time>
  );
}

/** The account page's token section: create (secret shown once), list, revoke. */
export function AccessTokens({ tokens }: { tokens: AccessTokenInfo[] }) {
  return (
    <section aria-labelledby="access-tokens-title" className="max-w-3xl">
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle id="access-tokens-title">Access tokens</CardTitle>
            <CardDescription>
              For install commands, scripts and CI: the HTTP API accepts them as Authorization: Bearer. Only a hash is kept; each token is shown once.
            </CardDescription>
          </div>
          <CreateTokenDialog />
        </CardHeader>
        <CardContent>
          {tokens.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <KeyRoundIcon aria-hidden className="size-4" /> No tokens yet.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Your access tokens</caption>
                <thead className="text-left text-muted-foreground">
                  <tr className="border-b">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Token
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Scope
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Created
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Last used
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Expiry
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.map((token) => (
                    <tr key={token.id} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-4 text-left font-medium">
                        {token.name}
                      </th>
                      <td className="py-2 pr-4 font-mono text-xs">{token.prefix}…</td>
                      <td className="py-2 pr-4">
                        <Badge variant={token.scope === "publish" ? "default" : "secondary"}>{token.scope}</Badge>
                      </td>
                      <td className="py-2 pr-4">
                        <When date={token.createdAt} />
                      </td>
                      <td className="py-2 pr-4">
                        <When date={token.lastUsedAt} />
                      </td>
                      <td className="py-2 pr-4">
                        <Expiry date={token.expiresAt} />
                      </td>
                      <td className="py-2 text-right">
                        <RevokeTokenDialog token={token} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
