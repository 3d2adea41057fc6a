"use client";
import { type RefObject, useActionState, useCallback, useEffect, useId, useState, useSyncExternalStore, useTransition } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { ArchiveIcon, ArchiveRestoreIcon, DownloadIcon, LoaderCircleIcon, RotateCwIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { CopyTextButton } from "@/components/account/copy-text-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toaster";
import { archiveSkillAction, deleteSkillAction, getSkillManageInfoAction, moveSkillAction, type ManageActionState } from "@/lib/actions/skills";
import { formatRelative } from "@/lib/format";
import { INSTALL_TARGETS, installCommand, type InstallTarget } from "@/lib/skills/archive/install";
import { describeReferences } from "@/lib/skills/permissions/references";
import type { ManageReferences, SkillManageInfo } from "@/lib/types/manage";

export type ManageTab = "details" | "move" | "download" | "delete";

export interface ManageSkillDialogProps {
  skill: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultTab?: ManageTab;
  /** What had focus before the dialog opened, for when that was a menu item that is gone now. */
  opener?: RefObject<HTMLElement | null>;
}

const ACTION_LABEL: Record<string, string> = {
  "skill.create": "Created",
  "skill.version": "New version",
  "skill.scope": "Moved",
  "skill.delete": "Deleted",
  "skill.restore": "Restored a version",
  "skill.prune": "Pruned versions",
  "skill.archive": "Archived",
  "skill.unarchive": "Unarchived",
  "skill.download": "Downloaded",
  "skill.review": "Marked reviewed",
  "skill.scan-override": "Imported despite a critical finding",
};

function scopeText(info: Pick<SkillManageInfo, "scope" | "team">): string {
  if (info.scope === "TEAM") return `Team ${info.team?.name ?? ""}`;
  return { PERSONAL: "Personal", PUBLIC: "Public", BUILTIN: "Built-in" }[info.scope];
}

function When({ date }: { date: Date }) {
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString("en-US")}>
      {formatRelative(date)}
    </time>
  );
}

/**
 * Manage one skill: details with references and audit trail, move or share, download and install,
 * archive or delete. Its data is loaded when it opens (a server action), so any list row can host it.
 */
export function ManageSkillDialog({ skill, open, onOpenChange, defaultTab = "details", opener }: ManageSkillDialogProps) {
  const [info, setInfo] = useState<SkillManageInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();

  const load = useCallback(() => {
    startLoading(async () => {
      const result = await getSkillManageInfoAction(skill.id).catch(() => ({ ok: false as const, message: "The skill could not be loaded; try again." }));
      if (result.ok) {
        setInfo(result.info);
        setLoadError(null);
      } else setLoadError(result.message);
    });
  }, [skill.id]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex max-h-[min(92vh,52rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to what was focused at opening; a menu item has unmounted by then.
          if (opener?.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        <DialogHeader className="px-6 pt-6 pb-3">
          <DialogTitle>
            Manage <span className="font-mono">{skill.name}</span>
          </DialogTitle>
          <DialogDescription>{info ? `${scopeText(info)} · version ${info.version}${info.archived ? " · archived" : ""}` : "Details, sharing, download and deletion."}</DialogDescription>
        </DialogHeader>
        {/* The content unmounts while closed, so each opening starts on defaultTab. */}
        <Tabs defaultValue={defaultTab} className="flex min-h-0 flex-1 flex-col">
          <div className="border-b px-6 pb-3">
            <TabsList aria-label="Manage" className="w-full">
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="move">Move or share</TabsTrigger>
              <TabsTrigger value="download">Download</TabsTrigger>
              <TabsTrigger value="delete">Delete</TabsTrigger>
            </TabsList>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
            {loadError && !info ? (
              <div role="alert" className="grid justify-items-start gap-3 text-sm">
                <p className="text-destructive">{loadError}</p>
                <Button type="button" variant="outline" onClick={load} disabled={loading}>
                  <RotateCwIcon aria-hidden /> Try again
                </Button>
              </div>
            ) : !info || info.id !== skill.id ? (
              <div className="grid gap-3" aria-busy="true" aria-label="Loading">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-24 w-full" />
              </div>
            ) : (
              <>
                <TabsContent value="details">
                  <DetailsTab info={info} />
                </TabsContent>
                <TabsContent value="move">
                  <MoveTab info={info} onMoved={load} />
                </TabsContent>
                <TabsContent value="download">
                  <DownloadTab info={info} />
                </TabsContent>
                <TabsContent value="delete">
                  <DeleteTab info={info} onChanged={load} onDeleted={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
                </TabsContent>
              </>
            )}
          </div>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function DetailsTab({ info }: { info: SkillManageInfo }) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2.5 text-sm">
        <dt className="text-muted-foreground">Scope</dt>
        <dd className="flex items-center gap-2">
          {scopeText(info)}
          {info.archived ? <Badge variant="secondary">archived</Badge> : null}
        </dd>
        <dt className="text-muted-foreground">{info.scope === "PUBLIC" ? "Published by" : "Owner"}</dt>
        <dd>{info.owner?.name ?? (info.scope === "TEAM" ? `team ${info.team?.name}` : "Skillshelf")}</dd>
        <dt className="text-muted-foreground">Current version by</dt>
        <dd>{info.author?.name ?? "Skillshelf"}</dd>
        <dt className="text-muted-foreground">Versions</dt>
        <dd>
          {info.versions.length} (current: v{info.version})
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <When date={info.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Updated</dt>
        <dd>
          <When date={info.updatedAt} />
        </dd>
      </dl>

      <section aria-labelledby="manage-references" className="grid gap-2">
        <h3 id="manage-references" className="text-sm font-semibold">
          Used by agent profiles
        </h3>
        {info.references.mine.length || info.references.others ? <ReferenceList references={info.references} /> : <p className="text-sm text-muted-foreground">No agent profile uses this skill.</p>}
      </section>

      <section aria-labelledby="manage-audit" className="grid gap-2">
        <h3 id="manage-audit" className="text-sm font-semibold">
          {info.can.manage ? "Recent activity" : "Your recent activity"}
        </h3>
        {info.audit.length ? (
          <ol className="grid gap-0 text-sm">
            {info.audit.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline gap-x-2 border-l py-1.5 pl-3">
                <span className="font-medium">{ACTION_LABEL[event.action] ?? event.action}</span>
                {event.version ? <span className="text-muted-foreground">v{event.version}</span> : null}
                {event.summary ? <span>{event.summary}</span> : null}
                <span className="text-muted-foreground">
                  by {event.actorName}, <When date={event.createdAt} />
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No recorded activity.</p>
        )}
      </section>
    </div>
  );
}

/** The viewer's own profiles by name; other people's only as a count (their names are theirs). */
function ReferenceList({ references }: { references: ManageReferences }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Agent profiles using this skill">
      {references.mine.map((ref) => (
        <li key={ref.profileId} className="flex items-center justify-between gap-3 rounded-md border px-3 py-1.5">
          <span className="font-medium">{ref.profileName}</span>
          <span className="text-muted-foreground">your profile</span>
        </li>
      ))}
      {references.others ? (
        <li className="rounded-md border border-dashed px-3 py-1.5 text-muted-foreground">
          {references.others === 1 ? "1 profile of another person" : `${references.others} profiles of other people`}
        </li>
      ) : null}
    </ul>
  );
}

function ActionMessage({ state }: { state: ManageActionState }) {
  if (!state || state.ok) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {state.message}
    </p>
  );
}

function MoveTab({ info, onMoved }: { info: SkillManageInfo; onMoved: () => void }) {
  // Nothing is chosen until the user chooses: a preselected target after a move let one more Enter
  // move the skill again. A choice no longer offered (the skill is there now) is no choice.
  const [choice, setChoice] = useState("");
  const router = useRouter();
  const [state, formAction, pending] = useActionState(async (previous: ManageActionState, formData: FormData) => {
    const next = await moveSkillAction(previous, formData);
    if (next?.ok) {
      toast.success(next.message);
      setChoice("");
      router.refresh();
      onMoved();
    }
    return next;
  }, null);
  const selected = info.moveTargets.some((t) => t.key === choice) ? choice : "";

  return (
    <form action={formAction} className="grid gap-4">
      <input type="hidden" name="skillId" value={info.id} />
      <p className="text-sm">
        Now in <span className="font-medium">{scopeText(info)}</span>. Moving keeps every version; who can see and change it follows the new scope.
      </p>
      {info.moveTargets.length ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Move to</legend>
          {info.moveTargets.map((target) => (
            <label key={target.key} className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50">
              <input type="radio" name="destination" value={target.key} checked={selected === target.key} onChange={() => setChoice(target.key)} className="accent-primary" />
              {target.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm">You cannot move this skill anywhere.</p>
      )}
      {info.moveNote ? <p className="text-sm text-muted-foreground">{info.moveNote}</p> : null}
      <ActionMessage state={state} />
      {info.moveTargets.length ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={pending || !selected}>
            {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
            Move
          </Button>
        </div>
      ) : null}
    </form>
  );
}

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => null;

function DownloadTab({ info }: { info: SkillManageInfo }) {
  const ids = useId();
  const [version, setVersion] = useState(info.version);
  const [target, setTarget] = useState<InstallTarget>("claude");
  // The install command needs the absolute URL this browser reached the app on; known only here.
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  const id = encodeURIComponent(info.id);
  const pin = version === info.version ? "" : `?v=${version}`;
  const command = origin ? installCommand({ name: info.name, downloadUrl: `${origin}/api/v1/skills/${id}/download${pin}`, target }) : "";

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${ids}-zip`} className="grid gap-3">
        <h3 id={`${ids}-zip`} className="text-sm font-semibold">
          ZIP archive
        </h3>
        <p className="text-sm text-muted-foreground">
          One folder named <code className="font-mono">{info.name}/</code> with SKILL.md at its top: the layout claude.ai and Claude Code accept. The same version always gives the same bytes.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-version`}>Version</Label>
            <select
              id={`${ids}-version`}
              value={version}
              onChange={(event) => setVersion(Number(event.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              {info.versions.map((v) => (
                <option key={v.number} value={v.number}>
                  v{v.number}
                  {v.number === info.version ? " (current)" : ""} · {v.message}
                </option>
              ))}
            </select>
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
          Install with a command
        </h3>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <legend className="sr-only">Install into</legend>
          {(Object.keys(INSTALL_TARGETS) as InstallTarget[]).map((key) => (
            <label key={key} className="flex items-center gap-2">
              <input type="radio" name={`${ids}-target`} checked={target === key} onChange={() => setTarget(key)} className="accent-primary" />
              <code className="font-mono text-[13px]">
                {INSTALL_TARGETS[key].label}/{info.name}/
              </code>
              <span className="text-muted-foreground">{key === "claude" ? "(you, every project)" : "(this project)"}</span>
            </label>
          ))}
        </fieldset>
        <Label htmlFor={`${ids}-command`} className="sr-only">
          Install command
        </Label>
        {pin ? (
          <p className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
            Pinned to <span className="font-medium">v{version}</span>, the version chosen above: this command installs v{version}, never a later one. Choose v{info.version} (current) to
            install whatever is current when it runs.
          </p>
        ) : null}
        <textarea
          id={`${ids}-command`}
          readOnly
          value={command}
          rows={4}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full resize-none rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-all outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
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
      </section>
    </div>
  );
}

function DeleteTab({ info, onChanged, onDeleted, onCancel }: { info: SkillManageInfo; onChanged: () => void; onDeleted: () => void; onCancel: () => void }) {
  const ids = useId();
  const router = useRouter();
  const pathname = usePathname();
  const [typed, setTyped] = useState("");

  const finish = (next: ManageActionState) => {
    if (next?.ok) {
      toast.success(`Deleted “${info.name}”.`);
      onDeleted();
      // Its own page is gone; anywhere else the list just loses a row.
      if (pathname.startsWith(`/skills/${info.id}`) || pathname.startsWith(`/skills/${encodeURIComponent(info.id)}`)) router.replace("/skills");
      else router.refresh();
    }
    return next;
  };
  const [state, deleteAction, deleting] = useActionState(async (previous: ManageActionState, formData: FormData) => finish(await deleteSkillAction(previous, formData)), null);
  const [archiveState, archiveAction, archiving] = useActionState(async (previous: ManageActionState, formData: FormData) => {
    const next = await archiveSkillAction(previous, formData);
    if (next?.ok) {
      toast.success(next.message);
      router.refresh();
      onChanged();
    }
    return next;
  }, null);

  // A profile may have started using the skill since the dialog loaded: the refusal counts it.
  const references = state && !state.ok && state.references?.holding ? state.references : info.references;
  // Profiles of people who cannot manage the skill do not hold it: they just lose it.
  const losing = describeReferences(references);

  // Every delete is confirmed by typing the name, the one that also empties profiles included.
  const confirmName = (
    <div className="grid gap-1.5">
      <Label htmlFor={`${ids}-confirm`}>
        Type <span className="font-mono">{info.name}</span> to confirm
      </Label>
      <Input id={`${ids}-confirm`} name="confirmName" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
    </div>
  );

  if (!info.can.manage) {
    return (
      <p className="text-sm">
        {info.scope === "BUILTIN"
          ? "Built-in skills ship with Skillshelf and cannot be deleted or archived."
          : info.scope === "TEAM"
            ? `Only owners and admins of team ${info.team?.name ?? ""} can delete or archive this skill.`
            : "Only instance admins can delete or archive public skills."}
      </p>
    );
  }

  return (
    <div className="grid gap-6">
      <form action={archiveAction} className="grid gap-2 rounded-lg border p-4">
        <input type="hidden" name="skillId" value={info.id} />
        <input type="hidden" name="archived" value={info.archived ? "false" : "true"} />
        <h3 className="text-sm font-semibold">{info.archived ? "Archived" : "Archive instead"}</h3>
        <p className="text-sm text-muted-foreground">
          {info.archived
            ? "Hidden from lists and agents, with every version kept. Restore it to make it visible again."
            : "Hide it from lists and agents but keep it and every version; you can restore it any time."}
        </p>
        <ActionMessage state={archiveState} />
        <div>
          <Button type="submit" variant="outline" disabled={archiving}>
            {archiving ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : info.archived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
            {info.archived ? "Restore" : "Archive"}
          </Button>
        </div>
      </form>

      <form action={deleteAction} className="grid gap-3 rounded-lg border border-destructive/40 p-4">
        <input type="hidden" name="skillId" value={info.id} />
        <h3 className="text-sm font-semibold text-destructive">Delete permanently</h3>
        {references.holding ? (
          <>
            <input type="hidden" name="removeReferences" value="true" />
            <p className="flex items-start gap-2 text-sm">
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
              <span>
                “{info.name}” is used by {losing}. Deleting it removes it from {references.mine.length + references.others === 1 ? "that profile" : "those profiles"} too.
              </span>
            </p>
            <ReferenceList references={references} />
            {confirmName}
            <ActionMessage state={state && !state.ok && !state.references ? state : null} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={deleting || typed.trim() !== info.name}>
                {deleting ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <Trash2Icon aria-hidden />}
                Remove references and delete
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Deletes the skill with its {info.versions.length} {info.versions.length === 1 ? "version" : "versions"}. This cannot be undone.
              {losing ? ` It is also removed from ${losing}.` : null}
            </p>
            {confirmName}
            <ActionMessage state={state} />
            <div className="flex justify-end">
              <Button type="submit" variant="destructive" disabled={deleting || typed.trim() !== info.name}>
                {deleting ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <Trash2Icon aria-hidden />}
                Delete skill
              </Button>
            </div>
          </>
        )}
      </form>
    </div>
  );
}
