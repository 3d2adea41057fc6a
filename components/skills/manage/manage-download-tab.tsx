"use client";
import { useId, useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { DownloadIcon } from "lucide-react";
import { CopyTextButton } from "@/components/ui/copy-text-button";
import { CreateFeedDialog } from "@/components/account/create-feed-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { INSTALL_TARGETS, installCommand, SYNC_AGENTS, syncAllCommand, type InstallTarget, type SyncAgent } from "@/lib/skills/archive/install";
import type { SkillManageInfo } from "@/lib/types/manage";

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => null;

const TARGET_NOTES: Record<InstallTarget, string> = {
  claude: "(Claude Code, every project)",
  codex: "(Codex, every project)",
  agents: "(this project)",
};

export function DownloadTab({ info }: { info: SkillManageInfo }) {
  const ids = useId();
  const [version, setVersion] = useState(info.version);
  const [target, setTarget] = useState<InstallTarget>("claude");
  const [agent, setAgent] = useState<SyncAgent>("claude");
  // The install command needs the absolute URL this browser reached the app on; known only here.
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  const id = encodeURIComponent(info.id);
  const pin = version === info.version ? "" : `?v=${version}`;
  // A proposal is downloadable for review, but no install command hands it to an agent before it is approved.
  const proposed = info.versions.some((v) => v.number === version && v.proposed);
  const syncCommand = origin ? syncAllCommand(origin, agent) : "";
  const command = origin && !proposed ? installCommand({ name: info.name, downloadUrl: `${origin}/api/v1/skills/${id}/download${pin}`, target }) : "";

  // contain: inline-size below keeps a long version message or command from sizing the dialog's
  // panel by its own width (it widened a 390 px dialog to 1,008 px); they shrink to fit instead.
  return (
    <div className="grid gap-6">
      {syncCommand ? (
        <section aria-labelledby={`${ids}-sync`} className="grid gap-2">
          <h3 id={`${ids}-sync`} className="text-sm font-semibold">
            Sync with the CLI
          </h3>
          <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <legend className="sr-only">Sync for</legend>
            {(Object.keys(SYNC_AGENTS) as SyncAgent[]).map((key) => (
              <label key={key} className="flex items-center gap-2">
                <input type="radio" name={`${ids}-agent`} checked={agent === key} onChange={() => setAgent(key)} className="accent-primary" />
                {SYNC_AGENTS[key].label} <code className="font-mono text-[13px] text-muted-foreground">{SYNC_AGENTS[key].dir}</code>
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-muted-foreground">
            Every skill your agents see, {info.name} with them, kept up to date each time you run it. It reads an access token from{" "}
            <code className="font-mono">$SKILLSHELF_TOKEN</code>.
          </p>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 rounded-md border [contain:inline-size] bg-muted/40 px-2 py-1.5 font-mono text-xs break-all"
              data-testid="sync-command"
            >
              {syncCommand}
            </code>
            <CopyTextButton text={syncCommand} label="Copy sync command" />
          </div>
        </section>
      ) : null}

      <section aria-labelledby={`${ids}-zip`} className="grid gap-3">
        <h3 id={`${ids}-zip`} className="text-sm font-semibold">
          ZIP archive
        </h3>
        <p className="text-sm text-muted-foreground">
          One folder named <code className="font-mono">{info.name}/</code> with SKILL.md at its top: the layout claude.ai and Claude Code accept. The same
          version always gives the same bytes.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
            <Label htmlFor={`${ids}-version`}>Version</Label>
            <Select id={`${ids}-version`} className="w-full [contain:inline-size]" value={version} onChange={(event) => setVersion(Number(event.target.value))}>
              {info.versions.map((v) => (
                <option key={v.number} value={v.number}>
                  v{v.number}
                  {v.number === info.version ? " (current)" : v.proposed ? " (proposal)" : ""} · {v.message}
                </option>
              ))}
            </Select>
          </div>
          <Button asChild>
            <a href={`/api/skills/${id}/download${pin}`} download>
              <DownloadIcon aria-hidden /> Download ZIP
            </a>
          </Button>
        </div>
      </section>

      <section aria-labelledby={`${ids}-install`} className="grid gap-3">
        <h3 id={`${ids}-install`} className="text-sm font-semibold">
          Install this skill alone
        </h3>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <legend className="sr-only">Install into</legend>
          {(Object.keys(INSTALL_TARGETS) as InstallTarget[]).map((key) => (
            <label key={key} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <input type="radio" name={`${ids}-target`} checked={target === key} onChange={() => setTarget(key)} className="accent-primary" />
              <code className="font-mono text-[13px] break-all">
                {INSTALL_TARGETS[key].label}/{info.name}/
              </code>
              <span className="text-muted-foreground">{TARGET_NOTES[key]}</span>
            </label>
          ))}
        </fieldset>
        {proposed ? (
          <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
            <span className="font-medium">v{version}</span> is a proposal that was never published: download it above to review it. Agents get it only once it
            is approved; choose a published version to install.
          </p>
        ) : pin ? (
          <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
            Pinned to <span className="font-medium">v{version}</span>, the version chosen above: this command installs v{version}, never a later one. Choose v
            {info.version} (current) to install whatever is current when it runs.
          </p>
        ) : null}
        {proposed ? null : (
          <>
            <Label htmlFor={`${ids}-command`} className="sr-only">
              Install command
            </Label>
            <Textarea
              id={`${ids}-command`}
              readOnly
              value={command}
              rows={4}
              onFocus={(event) => event.currentTarget.select()}
              className="resize-none border-border bg-muted/40 font-mono text-xs break-all shadow-none"
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted-foreground">
                It reads an access token from <code className="font-mono">$SKILLSHELF_TOKEN</code>.{" "}
                <Link href="/account" className="font-medium text-primary underline-offset-4 hover:underline">
                  Create a read token on your account page
                </Link>
                .
              </p>
              <CopyTextButton text={command} label="Copy install command" />
            </div>
          </>
        )}
      </section>

      <section aria-labelledby={`${ids}-feed`} className="grid gap-2">
        <h3 id={`${ids}-feed`} className="text-sm font-semibold">
          Install with a delivery link
        </h3>
        <p className="text-sm text-muted-foreground">
          For Claude Code, Codex and every agent the <code className="font-mono">npx skills</code> CLI knows, with no token: a link of your own gives the
          install command for {info.name}, and <code className="font-mono">npx skills update</code> keeps it current.
        </p>
        <div>
          <CreateFeedDialog
            targets={[{ value: "", label: "Everything your agents get (the commands install this skill)" }]}
            skill={info.name}
            trigger="Make a delivery link"
            defaultName={info.name}
          />
        </div>
      </section>
    </div>
  );
}
