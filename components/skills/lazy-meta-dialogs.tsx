"use client";
import { useState, type ComponentProps } from "react";
import dynamic from "next/dynamic";
import { PencilIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { EditOwnersDialog, EditTagsDialog, MetaDialogState } from "./skill-meta-dialogs";

// "Edit tags" and "Edit owners" on the skill page: the buttons render at once, their dialogs (and
// the dialog primitives) load when first pointed at or opened, as the manage dialog does
// (lazy-manage-dialog.tsx): most visits never open them (e2e/js-budget.spec.ts).

const load = () => import("./skill-meta-dialogs");
const TagsDialog = dynamic(() => load().then((m) => m.EditTagsDialog), { ssr: false });
const OwnersDialog = dynamic(() => load().then((m) => m.EditOwnersDialog), { ssr: false });
const preload = () => void load();

function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = {
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
    onPointerEnter: preload,
    onFocus: preload,
    "aria-haspopup": "dialog" as const,
  };
  return { wanted, state: { open, onOpenChange: setOpen }, trigger };
}

function EditButton({ label, ...props }: { label: string } & ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-muted-foreground" {...props}>
      <PencilIcon aria-hidden /> {label}
    </Button>
  );
}

/** A dialog's props but its open state, which the lazy wrapper keeps. */
type Closed<P> = Omit<P, keyof MetaDialogState>;

export function LazyEditTagsDialog(props: Closed<ComponentProps<typeof EditTagsDialog>>) {
  const { wanted, state, trigger } = useLazyDialog();
  return (
    <>
      <EditButton label="Edit tags" {...trigger} />
      {wanted ? <TagsDialog {...props} {...state} /> : null}
    </>
  );
}

export function LazyEditOwnersDialog(props: Closed<ComponentProps<typeof EditOwnersDialog>>) {
  const { wanted, state, trigger } = useLazyDialog();
  return (
    <>
      <EditButton label="Edit owners" {...trigger} />
      {wanted ? <OwnersDialog {...props} {...state} /> : null}
    </>
  );
}
