"use client";
import type { UploadPreviewSkill } from "@/lib/types/uploads";
import { fieldErrors, type SkillDecision, type Selection } from "./upload-logic";
import { SkillChoice, SourceReport } from "./upload-preview";
import { ScanOverride } from "./upload-security";

export interface PreviewStepProps {
  idPrefix: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  selection: Selection;
  refusedSources: Set<number>;
  /** Skills that can be ticked; one that took its folder's name counts from then on. */
  importable: number;
  destinationLabel: string;
  /** The user tried to import: field errors show under their fields. */
  showErrors: boolean;
  onSelectedChange: (key: string, selected: boolean) => void;
  onUseFolderName: (key: string, use: boolean) => void;
  onDecisionChange: (key: string, decision: SkillDecision) => void;
  blocked: UploadPreviewSkill[];
  override: { enabled: boolean; reason: string };
  onOverrideChange: (override: { enabled: boolean; reason: string }) => void;
}

/** The second step: what the server found in the upload, and the user's choices for each skill. */
export function PreviewStep({
  idPrefix,
  headingRef,
  selection,
  refusedSources,
  importable,
  destinationLabel,
  showErrors,
  onSelectedChange,
  onUseFolderName,
  onDecisionChange,
  blocked,
  override,
  onOverrideChange,
}: PreviewStepProps) {
  const { preview, destination, selected, folderNamed, decisions } = selection;
  return (
    <section aria-labelledby={`${idPrefix}-preview`} className="grid gap-4">
      <h3 id={`${idPrefix}-preview`} ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none">
        {preview.skills.length
          ? `Found ${preview.skills.length} ${preview.skills.length === 1 ? "skill" : "skills"}${importable < preview.skills.length ? `, ${importable} importable` : ""}`
          : "No skill found"}
      </h3>
      <div className="grid gap-2">
        <h4 className="text-sm font-medium text-muted-foreground">Uploaded</h4>
        <ul className="grid gap-2">
          {preview.sources.map((source) => (
            <SourceReport key={source.index} source={source} />
          ))}
        </ul>
      </div>
      {preview.skills.length ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium text-muted-foreground">Skills{preview.skills.length > 1 ? ": choose which to import" : ""}</h4>
          <ul className="grid gap-2">
            {preview.skills.map((skill) => (
              <SkillChoice
                key={skill.key}
                skill={skill}
                sourceRefused={refusedSources.has(skill.source)}
                selected={!!selected[skill.key]}
                onSelectedChange={(value) => onSelectedChange(skill.key, value)}
                destinationLabel={destinationLabel}
                existing={folderNamed[skill.key] ? undefined : skill.existing[destination]}
                decision={decisions[skill.key]}
                onDecisionChange={(decision) => onDecisionChange(skill.key, decision)}
                errors={showErrors ? fieldErrors(skill.key, selection) : {}}
                usesFolderName={!!folderNamed[skill.key]}
                folderNameTaken={skill.folderNameTakenIn.includes(destination)}
                onUseFolderName={(use) => onUseFolderName(skill.key, use)}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <ScanOverride
        blocked={blocked}
        canOverride={preview.canOverrideScan}
        override={override}
        onOverrideChange={onOverrideChange}
        showErrors={showErrors}
        idPrefix={`${idPrefix}-scan`}
      />
    </section>
  );
}
