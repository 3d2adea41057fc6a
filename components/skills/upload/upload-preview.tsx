"use client";
import { CircleXIcon, FileIcon, FolderIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatBytes, formatNumber, formatTokens } from "@/lib/display";
import type { Finding, UploadPreviewSkill, UploadPreviewSource } from "@/lib/types/uploads";
import { cn } from "@/lib/utils";
import type { SkillDecision } from "./upload-logic";
import { SkillScanReport } from "./upload-security";

export type { SkillDecision };

export function FindingList({ findings, className }: { findings: Finding[]; className?: string }) {
  if (!findings.length) return null;
  const sorted = [...findings.filter((f) => f.severity === "error"), ...findings.filter((f) => f.severity !== "error")];
  return (
    <ul className={cn("grid gap-1.5 text-sm", className)}>
      {sorted.map((finding, index) => (
        <li key={index} className="flex items-start gap-2">
          {finding.severity === "error" ? (
            <CircleXIcon aria-label="Error" className="mt-0.5 size-4 shrink-0 text-destructive" />
          ) : (
            <TriangleAlertIcon aria-label="Warning" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          )}
          <span className="min-w-0 leading-snug break-words">
            {finding.message}
            {finding.path ? (
              <span className="ml-1.5 font-mono text-xs text-muted-foreground">
                {finding.path}
                {finding.line ? `:${finding.line}` : ""}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

const KIND_LABEL: Record<string, string> = { zip: "ZIP archive", "tar.gz": "gzipped tarball", tar: "tarball", files: "files", "skill-md": "SKILL.md" };

/** One uploaded file, folder or pasted text: what it is, and every entry refused or left out. */
export function SourceReport({ source }: { source: UploadPreviewSource }) {
  const errors = source.findings.filter((f) => f.severity === "error");
  const interesting = source.notASkill || source.findings.length || source.skipped.length;
  const Icon = source.type === "folder" ? FolderIcon : FileIcon;
  return (
    <li className={cn("grid gap-2 rounded-lg border px-3 py-2.5", errors.length || source.notASkill ? "border-destructive/40 bg-destructive/5" : "")}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        <span className="font-medium break-all">{source.name}</span>
        <span className="text-muted-foreground">
          {source.kind ? (KIND_LABEL[source.kind] ?? source.kind) : source.type}
          {source.size ? `, ${formatBytes(source.size)}` : ""}
        </span>
        {errors.length ? <Badge variant="destructive">refused</Badge> : null}
      </p>
      {source.notASkill ? (
        <p className="flex items-start gap-2 text-sm font-medium text-destructive">
          <CircleXIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          {source.notASkill}
        </p>
      ) : null}
      {errors.length && !source.notASkill ? (
        <p className="text-sm">Nothing from it can be imported: a damaged or unsafe archive is not trusted for any of its skills.</p>
      ) : null}
      {/* the verdict above already says why it is not a skill: its errors are not listed again */}
      <FindingList findings={source.notASkill ? source.findings.filter((f) => f.severity !== "error") : source.findings} />
      {source.skipped.length ? (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">Left out</p>
          <ul className="grid gap-1 text-sm">
            {source.skipped.map((entry) => (
              <li key={entry.path} className="flex items-start gap-2">
                <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>
                  <code className="font-mono text-xs">{entry.path}</code>
                  {entry.entries > 1 ? ` (${entry.entries} entries)` : ""}: {entry.reason}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!interesting ? <p className="text-xs text-muted-foreground">Read without problems.</p> : null}
    </li>
  );
}

export interface SkillChoiceProps {
  skill: UploadPreviewSkill;
  /** The source it came from was refused as a whole. */
  sourceRefused: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  destinationLabel: string;
  existing: UploadPreviewSkill["existing"][string] | undefined;
  decision: SkillDecision;
  onDecisionChange: (decision: SkillDecision) => void;
  /** Shown under the field once the user tried to import. */
  errors: { message?: string; name?: string };
  /** The user took the offer of `skill.folderName`: it is imported under that name. */
  usesFolderName: boolean;
  onUseFolderName: (use: boolean) => void;
  /** The destination already holds a skill named like the folder. */
  folderNameTaken?: boolean;
}

/** A skill found in the upload: what it holds, its findings, and what to do with it. */
export function SkillChoice({
  skill,
  sourceRefused,
  selected,
  onSelectedChange,
  destinationLabel,
  existing,
  decision,
  onDecisionChange,
  errors,
  usesFolderName,
  onUseFolderName,
  folderNameTaken = false,
}: SkillChoiceProps) {
  const id = `upload-skill-${skill.key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
  const renamed = usesFolderName && !!skill.folderName;
  const importable = (skill.ok || renamed) && !sourceRefused;
  // Once renamed, the skill as it will be stored: the name's errors and warnings no longer apply.
  const findings = renamed ? skill.folderNameFindings : skill.findings;
  const warningCount = renamed ? findings.filter((f) => f.severity === "warning").length : skill.warningCount;
  const title = skill.name ?? (skill.root || "SKILL.md");
  return (
    <li className={cn("grid gap-3 rounded-lg border p-3", selected ? "border-primary/50 bg-primary/[0.03]" : "", !importable ? "border-destructive/40" : "")}>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-select`}
          type="checkbox"
          className="mt-1 size-4 accent-primary disabled:opacity-50"
          checked={selected && importable}
          disabled={!importable}
          onChange={(event) => onSelectedChange(event.target.checked)}
          aria-describedby={`${id}-summary`}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={`${id}-select`} className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-[15px] font-semibold break-all">{title}</span>
            {skill.root && skill.name && skill.root.split("/").pop() !== skill.name ? (
              <span className="font-mono text-xs text-muted-foreground">in {skill.root}/</span>
            ) : null}
          </label>
          {skill.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{skill.description}</p> : null}
          <p id={`${id}-summary`} className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {renamed ? <Badge variant="secondary">renamed to its folder</Badge> : null}
            {!importable ? (
              <Badge variant="destructive">
                {sourceRefused ? "blocked by its archive" : `${skill.errorCount} ${skill.errorCount === 1 ? "error" : "errors"}: cannot be imported`}
              </Badge>
            ) : null}
            {skill.gate === "blocked" ? (
              <Badge variant="destructive">critical finding: blocked</Badge>
            ) : skill.gate === "needs_review" ? (
              <Badge variant="warning">high finding: needs review</Badge>
            ) : null}
            {warningCount ? (
              <Badge variant="warning">
                {warningCount} {warningCount === 1 ? "warning" : "warnings"}
              </Badge>
            ) : null}
            <span>
              {skill.files.length} {skill.files.length === 1 ? "file" : "files"}, {formatBytes(skill.totalBytes)}
            </span>
            <span aria-hidden>·</span>
            <span
              title={`catalog ${formatNumber(skill.tokens.catalog)}, SKILL.md body ${formatNumber(skill.tokens.body)}, other files ${formatNumber(skill.tokens.resources)} (${skill.tokens.tokenizer})`}
            >
              {skill.tokens.approximate ? "≈" : ""}
              {formatTokens(skill.tokens.catalog)} catalog + {formatTokens(skill.tokens.body)} body + {formatTokens(skill.tokens.resources)} files tokens
            </span>
          </p>
        </div>
      </div>

      <FindingList findings={findings} className="pl-7" />

      {skill.folderName && !sourceRefused ? (
        <FolderNameOffer
          id={id}
          folderName={skill.folderName}
          renamed={renamed}
          onUseFolderName={onUseFolderName}
          takenIn={folderNameTaken ? destinationLabel : null}
        />
      ) : null}

      <div className="pl-7">
        <SkillScanReport skill={skill} idPrefix={id} />
      </div>

      <details className="pl-7 text-sm">
        <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50">
          Files
        </summary>
        <table className="mt-2 w-full text-xs">
          <caption className="sr-only">Files of {title}</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Path
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Size
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Tokens
              </th>
            </tr>
          </thead>
          <tbody>
            {skill.files.map((file) => (
              <tr key={file.path} className="border-t">
                <td className="py-1 pr-3 font-mono break-all">{file.path}</td>
                <td className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">{formatBytes(file.size)}</td>
                <td className="py-1 text-right whitespace-nowrap tabular-nums">{file.tokens === null ? "binary" : formatNumber(file.tokens)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>

      {importable && selected && existing ? (
        <fieldset className="ml-7 grid gap-2.5 rounded-md border border-amber-500/40 bg-amber-500/10 p-3">
          <legend className="sr-only">What to do with {title}</legend>
          <p className="text-sm">
            <span className="font-medium">
              {destinationLabel} already has a skill named “{skill.name}”
            </span>{" "}
            (version {existing.version}).
            {existing.unchanged ? " This upload is identical to its current version." : ""} Nothing is overwritten: choose one.
          </p>
          <label className={cn("flex items-start gap-2 text-sm", !existing.canAddVersion && "opacity-60")}>
            <input
              type="radio"
              name={`${id}-action`}
              className="mt-0.5 accent-primary"
              checked={decision.action === "version"}
              disabled={!existing.canAddVersion}
              onChange={() => onDecisionChange({ ...decision, action: "version" })}
            />
            <span>
              Save as a new version of it (v{existing.version + 1})
              {!existing.canAddVersion ? <span className="block text-xs text-muted-foreground">You cannot add versions to that skill.</span> : null}
            </span>
          </label>
          {decision.action === "version" && existing.canAddVersion ? (
            <div className="grid gap-1.5 pl-6">
              <Label htmlFor={`${id}-message`}>Version message</Label>
              <Input
                id={`${id}-message`}
                value={decision.message}
                placeholder="What changed"
                maxLength={500}
                aria-invalid={!!errors.message}
                aria-describedby={errors.message ? `${id}-message-error` : undefined}
                onChange={(event) => onDecisionChange({ ...decision, message: event.target.value })}
              />
              {errors.message ? (
                <p id={`${id}-message-error`} className="text-xs text-destructive">
                  {errors.message}
                </p>
              ) : null}
            </div>
          ) : null}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-action`}
              className="mt-0.5 accent-primary"
              checked={decision.action === "rename"}
              onChange={() => onDecisionChange({ ...decision, action: "rename" })}
            />
            <span>Import it as a new skill under another name</span>
          </label>
          {decision.action === "rename" ? (
            <div className="grid gap-1.5 pl-6">
              <Label htmlFor={`${id}-name`}>New name</Label>
              <Input
                id={`${id}-name`}
                value={decision.name}
                className="font-mono"
                maxLength={64}
                spellCheck={false}
                autoCapitalize="off"
                aria-invalid={!!errors.name}
                aria-describedby={`${id}-name-hint`}
                onChange={(event) => onDecisionChange({ ...decision, name: event.target.value })}
              />
              <p id={`${id}-name-hint`} className={cn("text-xs", errors.name ? "text-destructive" : "text-muted-foreground")}>
                {errors.name ?? "Lowercase letters, digits and hyphens; SKILL.md's name is rewritten to match."}
              </p>
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}

/** The one fix the server found for an invalid name: the skill's folder's name. */
function FolderNameOffer({
  id,
  folderName,
  renamed,
  onUseFolderName,
  takenIn,
}: {
  id: string;
  folderName: string;
  renamed: boolean;
  onUseFolderName: (use: boolean) => void;
  takenIn: string | null;
}) {
  // the offer cannot help where that name is already used: say so instead of offering a clash
  if (takenIn && !renamed) {
    return (
      <p className="pl-7 text-xs text-muted-foreground">
        Its folder&apos;s name “{folderName}” would fix the name, but {takenIn} already has a skill called that: fix the name in SKILL.md, or choose another
        destination.
      </p>
    );
  }
  if (takenIn) {
    return (
      <div className="ml-7 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm">
        <p id={`${id}-folder-name`} className="min-w-0 flex-1 basis-56">
          {takenIn} already has a skill named <code className="font-mono font-semibold break-words">{folderName}</code>: importing it under that name will be
          refused.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => onUseFolderName(false)}>
          Keep the name
        </Button>
      </div>
    );
  }
  if (!renamed) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pl-7">
        <Button type="button" variant="outline" size="sm" className="h-auto min-h-8 max-w-full py-1.5 whitespace-normal" onClick={() => onUseFolderName(true)}>
          <span className="min-w-0 text-left break-all">Use the folder name “{folderName}”</span>
        </Button>
        <span className="text-xs text-muted-foreground">SKILL.md&apos;s name is rewritten to it; nothing else changes.</span>
      </div>
    );
  }
  return (
    <div className="ml-7 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-emerald-600/30 bg-emerald-500/10 px-3 py-2 text-sm">
      {/* wide enough to read before the button wraps under it on a phone */}
      <p id={`${id}-folder-name`} className="min-w-0 flex-1 basis-56">
        Will be imported as <code className="font-mono font-semibold break-words">{folderName}</code>: SKILL.md&apos;s name is rewritten to its folder&apos;s.
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => onUseFolderName(false)}>
        Keep the name
      </Button>
    </div>
  );
}
