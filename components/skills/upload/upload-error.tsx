"use client";
import { CircleXIcon } from "lucide-react";
import { FindingList } from "./upload-preview";
import type { UploadError } from "./upload-wizard";

/** Why the request was refused, with every reason; the input stays so it can be fixed. */
export function ErrorReport({ error }: { error: UploadError }) {
  // a finding the message already states is not listed again under it
  const findings = error.findings?.filter((f) => f.severity === "error" && !error.message.includes(f.message)) ?? [];
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-sm">
      <p className="flex items-start gap-2 font-medium text-destructive">
        <CircleXIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {error.message}
      </p>
      {error.problems && error.problems.length > 1 ? (
        <ul className="grid list-disc gap-1 pl-9">
          {error.problems.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </ul>
      ) : null}
      {findings.length && !error.problems?.length ? <FindingList findings={findings} className="pl-6" /> : null}
      <p className="pl-6 text-xs text-muted-foreground">Your files, text and choices are kept: fix what is named above and try again.</p>
    </div>
  );
}
