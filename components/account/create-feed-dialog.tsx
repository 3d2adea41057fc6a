"use client";
import { LinkIcon, LoaderCircleIcon } from "lucide-react";
import { createFeedAction } from "@/lib/actions/feeds";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useFormAction } from "@/components/ui/use-form-action";
import { FeedCommandsView } from "./feed-commands-view";
import { CredentialNameField } from "./credential-name-field";
import { ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";

/** What a link may deliver: "" (everything the person's agents get), "profile:<id>" or "team:<id>". */
export interface FeedTargetOption {
  value: string;
  label: string;
}

export interface CreateFeedDialogProps {
  /** The choices of the account page; with one (the profile dialog, the Download tab) no choice is shown. */
  targets: FeedTargetOption[];
  /** The Download tab's skill: the commands install that one skill of the link. */
  skill?: string;
  trigger?: string;
  defaultName?: string;
  /** A small trigger, for a toolbar of small buttons. */
  small?: boolean;
}

export function CreateFeedDialog({ targets, skill, trigger = "New delivery link", defaultName = "", small = false }: CreateFeedDialogProps) {
  return (
    <ShownOnceDialog
      className="sm:max-w-2xl"
      trigger={
        <Button variant={targets.length > 1 ? "default" : "outline"} size={small ? "sm" : "default"}>
          <LinkIcon aria-hidden /> {trigger}
        </Button>
      }
    >
      {({ key, onCreated, onDone }) => (
        <CreateFeedForm key={key} targets={targets} skill={skill} defaultName={defaultName} onCreated={onCreated} onDone={onDone} />
      )}
    </ShownOnceDialog>
  );
}

function CreateFeedForm({
  targets,
  skill,
  defaultName,
  onCreated,
  onDone,
}: Omit<CreateFeedDialogProps, "trigger" | "small"> & { onCreated: () => void; onDone: () => void }) {
  const { state, formAction, pending, failure } = useFormAction(createFeedAction, { onSuccess: onCreated });
  if (state?.ok) {
    const { feed, url } = state.data;
    return (
      <div className="grid min-w-0 gap-4">
        <DialogHeader>
          <DialogTitle>Your delivery link</DialogTitle>
          <DialogDescription>
            “{feed.name}” delivers{" "}
            {feed.team ? `the skills of ${feed.team.name}` : feed.profile ? `the agent profile ${feed.profile.name}` : "every skill your agents get"}, current
            versions, read-only.
          </DialogDescription>
        </DialogHeader>
        <ShownOnceSecret
          id="new-feed-url"
          label="Delivery link"
          value={url}
          copyLabel="Copy link"
          warning="This is the only time the link is shown: anyone who has it can read what it delivers, with no sign-in."
        />
        <FeedCommandsView url={url} skill={skill} />
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </div>
    );
  }
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values;
  return (
    <form action={formAction} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>New delivery link</DialogTitle>
        <DialogDescription>
          A read-only URL with its own secret, for clients that cannot send a token, such as <code className="font-mono">npx skills add</code>. It follows the
          current version of each skill; revoke it on your account page.
        </DialogDescription>
      </DialogHeader>
      <CredentialNameField
        id="feed-name"
        placeholder="laptop"
        defaultValue={values?.name ?? defaultName}
        error={errors.name?.[0]}
        refusal={failure && failure.code !== "INVALID_INPUT" ? failure.message : undefined}
      />
      {targets.length > 1 ? (
        <div className="grid gap-2">
          <Label htmlFor="feed-target">Delivers</Label>
          <Select id="feed-target" name="target" defaultValue={values?.target ?? ""}>
            {targets.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <>
          <input type="hidden" name="target" value={targets[0]?.value ?? ""} />
          <p className="text-sm text-muted-foreground">Delivers: {targets[0]?.label}</p>
        </>
      )}
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <LinkIcon aria-hidden />}
          Create link
        </Button>
      </DialogFooter>
    </form>
  );
}
