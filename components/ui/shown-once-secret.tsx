import type { ReactNode } from "react";
import { TriangleAlertIcon } from "lucide-react";
import { CopyTextButton } from "./copy-text-button";
import { Input } from "./input";
import { Label } from "./label";

/** A secret shown this once (a token, an invite link): the warning, the value to select or copy, and a hint. */
export function ShownOnceSecret({
  id,
  label,
  value,
  warning,
  copyLabel = "Copy",
  children,
}: {
  id: string;
  label: string;
  value: string;
  warning: ReactNode;
  /** The copy button's label, where a dialog has more than one. */
  copyLabel?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {warning}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <CopyTextButton text={value} label={copyLabel} />
        </div>
        {children}
      </div>
    </>
  );
}
