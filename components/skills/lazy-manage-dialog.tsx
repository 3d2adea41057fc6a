"use client";
import { useState } from "react";
import dynamic from "next/dynamic";
import type { ManageSkillDialogProps } from "./manage-dialog";

// The manage dialog (tabs, forms, the team picker, its server actions: some 35 KB gzipped) loads
// when someone first opens it, or points at a button that opens it, instead of with every list
// and skill page: most visits never open it (e2e/js-budget.spec.ts counts what a visit downloads).

const loadDialog = () => import("./manage-dialog").then((m) => m.ManageSkillDialog);
const ManageSkillDialog = dynamic(loadDialog, { ssr: false });

/** Starts the download early (hover, keyboard focus), so the dialog usually opens without a wait. */
export function preloadManageDialog(): void {
  void loadDialog();
}

/** ManageSkillDialog, mounted from its first opening on (and kept, so it can animate closed). */
export function LazyManageSkillDialog(props: ManageSkillDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? <ManageSkillDialog {...props} /> : null;
}
