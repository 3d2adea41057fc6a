"use client";
import { useId, useState, useSyncExternalStore } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { mcpConnection } from "@/lib/skills/archive/mcp-connection";
import { CopyTextButton } from "@/components/ui/copy-text-button";

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => null;

/** The account page's "Connect an MCP client": the endpoint and the Claude Code line, for every skill or one agent profile. */
export function ConnectMcp({ profiles }: { profiles: { id: string; name: string }[] }) {
  const ids = useId();
  const [profileId, setProfileId] = useState("");
  // The address this browser reached the app on is the one a client on this machine can reach; known only here.
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  const connection = origin
    ? mcpConnection(
        origin,
        profiles.find((p) => p.id === profileId),
      )
    : null;
  return (
    <section aria-labelledby={`${ids}-title`} className="max-w-3xl">
      <Card>
        <CardHeader>
          <CardTitle id={`${ids}-title`}>Connect an MCP client</CardTitle>
          <CardDescription>
            Agents that speak MCP (Claude Code, Codex, Cursor, VS Code and others) list, load and read your skills from here with a read token, with nothing
            installed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {profiles.length > 0 ? (
            <div className="grid max-w-sm gap-1.5">
              <Label htmlFor={`${ids}-profile`}>Skills offered</Label>
              <Select id={`${ids}-profile`} value={profileId} onChange={(event) => setProfileId(event.target.value)}>
                <option value="">Every skill you can see</option>
                {profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    Agent profile: {p.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          {connection ? (
            <>
              <div className="grid gap-1.5">
                <p className="font-medium">Endpoint (Streamable HTTP)</p>
                <div className="flex flex-wrap items-center gap-3">
                  <code className="rounded-md bg-muted/40 px-2 py-1 font-mono text-xs break-all">{connection.endpoint}</code>
                  <CopyTextButton text={connection.endpoint} label="Copy endpoint" />
                </div>
              </div>
              <div className="grid gap-1.5">
                <p className="font-medium">Claude Code</p>
                <code className="rounded-md bg-muted/40 px-2 py-1 font-mono text-xs break-all">{connection.claudeCode}</code>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-muted-foreground">
                    Set <code className="font-mono">$SKILLSHELF_TOKEN</code> to one of your tokens first; other clients take the endpoint and an{" "}
                    <code className="font-mono">Authorization: Bearer</code> header.
                  </p>
                  <CopyTextButton text={connection.claudeCode} label="Copy command" />
                </div>
              </div>
              <div className="grid gap-1.5">
                <p className="font-medium">Codex</p>
                <pre className="rounded-md bg-muted/40 px-2 py-1 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="codex-mcp-config">
                  {connection.codexConfig}
                </pre>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-muted-foreground">
                    Add to <code className="font-mono">~/.codex/config.toml</code>; Codex sends the token from{" "}
                    <code className="font-mono">$SKILLSHELF_TOKEN</code>. To copy the skills themselves into <code className="font-mono">~/.codex/skills</code>,
                    use the sync CLI with <code className="font-mono">--codex</code>.
                  </p>
                  <CopyTextButton text={connection.codexConfig} label="Copy Codex config" />
                </div>
              </div>
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
