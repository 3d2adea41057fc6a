"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowRightIcon, GitBranchPlusIcon, PlusIcon } from "lucide-react";
import { FieldError, fieldInvalid, FormFailure } from "@/components/ui/form-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { useFormDialog } from "@/components/ui/use-form-dialog";
import { createSourceAction, type CreatedSource } from "@/lib/actions/sources";
import { destinationKey, placeLabel } from "@/lib/labels";
import { SCHEDULE_CHOICES } from "./source-text";
import { FirstSyncOutcome } from "./first-sync-outcome";
import { WebhookSecret } from "./webhook-secret";

export interface CreateSourceDialogProps {
  /** The teams the viewer may create skills in: each is a destination. */
  teams: { id: string; name: string }[];
  /** Instance admins may also sync into the public space, and from a folder on the server or a file:// URL. */
  isAdmin: boolean;
  label?: string;
}

const radioCard =
  "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50";

/**
 * "Connect a Git repository": where the skills are read from and where they go. Once created, the
 * webhook URL and its secret show this once; closing the dialog then opens the source's page.
 */
export function CreateSourceDialog({ teams, isAdmin, label = "Connect a Git repository" }: CreateSourceDialogProps) {
  const router = useRouter();
  const [created, setCreated] = useState<CreatedSource | null>(null);
  const dialog = useFormDialog(() => {
    if (created) router.push(`/sources/${encodeURIComponent(created.source.id)}`);
    setCreated(null);
  });
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl"
        // A stray click outside must not throw away a secret that cannot be shown again.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <SourceCreated created={created} onDone={dialog.close} />
        ) : (
          <CreateSourceForm key={dialog.session} teams={teams} isAdmin={isAdmin} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SourceCreated({ created, onDone }: { created: CreatedSource; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Source connected</DialogTitle>
        <DialogDescription>
          The first sync of {created.source.url} into {created.source.place} has started. To sync on every push, add this webhook to the repository.
        </DialogDescription>
      </DialogHeader>
      <FirstSyncOutcome sourceId={created.source.id} initial={created.source.lastSync} />
      <WebhookSecret idPrefix="new-source-webhook" url={created.webhookUrl} secret={created.webhookSecret} />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Open the source <ArrowRightIcon aria-hidden />
        </Button>
      </DialogFooter>
    </>
  );
}

function CreateSourceForm({ teams, isAdmin, onCreated }: CreateSourceDialogProps & { onCreated: (created: CreatedSource) => void }) {
  const { formAction, pending, failure } = useFormAction(createSourceAction, { onSuccess: (result) => onCreated(result.data), toast: false });
  const values = failure?.values;
  const [kind, setKind] = useState<"git" | "folder">(values?.kind === "folder" && isAdmin ? "folder" : "git");
  const git = kind === "git";
  const destinations = [
    { key: destinationKey({ scope: "PERSONAL" }), label: placeLabel("PERSONAL") },
    ...teams.map((team) => ({ key: destinationKey({ scope: "TEAM", teamId: team.id }), label: placeLabel("TEAM", team.name) })),
    ...(isAdmin ? [{ key: destinationKey({ scope: "PUBLIC" }), label: placeLabel("PUBLIC") }] : []),
  ];
  const twin = failure?.details?.reason === "source-exists" && typeof failure.details.sourceId === "string" ? failure.details.sourceId : null;

  return (
    <form action={formAction} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Connect a Git repository</DialogTitle>
        <DialogDescription>
          Every folder with a SKILL.md becomes a skill, checked and scanned like an upload. Syncs update them; they are edited in the repository.
        </DialogDescription>
      </DialogHeader>
      <FormFailure
        failure={failure}
        fields={git ? ["url", "ref", "subdir", "destination", "intervalMinutes", "token"] : ["url", "subdir", "destination", "intervalMinutes"]}
      />
      {twin ? (
        <Link href={`/sources/${encodeURIComponent(twin)}`} className="-mt-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open the existing source
        </Link>
      ) : null}

      {isAdmin ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">Kind</legend>
          <label className={radioCard}>
            <input type="radio" name="kind" value="git" checked={git} onChange={() => setKind("git")} className="mt-0.5 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">Git repository</span>
              <span className="text-muted-foreground">https, ssh or file:// URL</span>
            </span>
          </label>
          <label className={radioCard}>
            <input type="radio" name="kind" value="folder" checked={!git} onChange={() => setKind("folder")} className="mt-0.5 accent-primary" />
            <span className="grid gap-0.5">
              <span className="font-medium">Server folder</span>
              <span className="text-muted-foreground">A folder on this server (admins only)</span>
            </span>
          </label>
        </fieldset>
      ) : (
        <input type="hidden" name="kind" value="git" />
      )}

      <div className="grid gap-2">
        <Label htmlFor="source-url">{git ? "Repository URL" : "Folder on the server"}</Label>
        <Input
          id="source-url"
          name="url"
          placeholder={git ? "https://github.com/acme/skills.git" : "/srv/skills"}
          defaultValue={values?.url}
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          className="font-mono text-[13px]"
          aria-invalid={fieldInvalid(failure, "url")}
          aria-describedby="source-url-hint source-url-error"
        />
        <p id="source-url-hint" className="text-xs text-muted-foreground">
          {git
            ? `https:// or ssh (git@host:org/repo.git)${isAdmin ? "; file:// for a repository on this server" : ""}. No password in the URL: use the token below.`
            : "The folder's absolute path; its skill folders are read as they are on disk."}
        </p>
        <FieldError id="source-url-error" failure={failure} field="url" />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {git ? (
          <div className="grid content-start gap-2">
            <Label htmlFor="source-ref">
              Branch, tag or commit <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id="source-ref"
              name="ref"
              placeholder="main"
              defaultValue={values?.ref}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-[13px]"
              aria-invalid={fieldInvalid(failure, "ref")}
              aria-describedby="source-ref-hint source-ref-error"
            />
            <p id="source-ref-hint" className="text-xs text-muted-foreground">
              Empty: the default branch. A commit pins the source.
            </p>
            <FieldError id="source-ref-error" failure={failure} field="ref" />
          </div>
        ) : null}
        <div className="grid content-start gap-2">
          <Label htmlFor="source-subdir">
            Subfolder <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="source-subdir"
            name="subdir"
            placeholder="skills"
            defaultValue={values?.subdir}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-[13px]"
            aria-invalid={fieldInvalid(failure, "subdir")}
            aria-describedby="source-subdir-hint source-subdir-error"
          />
          <p id="source-subdir-hint" className="text-xs text-muted-foreground">
            Empty: look through the whole {git ? "repository" : "folder"}.
          </p>
          <FieldError id="source-subdir-error" failure={failure} field="subdir" />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor="source-destination">Destination</Label>
          <Select
            id="source-destination"
            name="destination"
            defaultValue={values?.destination ?? "personal"}
            aria-invalid={fieldInvalid(failure, "destination")}
            aria-describedby="source-destination-error"
          >
            {destinations.map((d) => (
              <option key={d.key} value={d.key}>
                {d.label}
              </option>
            ))}
          </Select>
          <FieldError id="source-destination-error" failure={failure} field="destination" />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="source-schedule">Sync</Label>
          <Select
            id="source-schedule"
            name="intervalMinutes"
            defaultValue={values?.intervalMinutes ?? "off"}
            aria-invalid={fieldInvalid(failure, "intervalMinutes")}
            aria-describedby="source-schedule-error"
          >
            {SCHEDULE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
          <FieldError id="source-schedule-error" failure={failure} field="intervalMinutes" />
        </div>
      </div>

      {git ? (
        <div className="grid gap-2">
          <Label htmlFor="source-token">
            Access token <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="source-token"
            name="token"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            aria-invalid={fieldInvalid(failure, "token")}
            aria-describedby="source-token-hint source-token-error"
          />
          <p id="source-token-hint" className="text-xs text-muted-foreground">
            For a private https repository: a deploy token with read access. Stored encrypted, never shown again.
          </p>
          <FieldError id="source-token-error" failure={failure} field="token" />
        </div>
      ) : null}

      <DialogFormFooter pending={pending} icon={<GitBranchPlusIcon aria-hidden />}>
        Connect and sync
      </DialogFormFooter>
    </form>
  );
}
