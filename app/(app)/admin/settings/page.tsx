import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EnvSettings } from "@/components/admin/env-settings";
import { UsageAttributionForm } from "@/components/admin/usage-attribution-form";
import { ScriptExecutionForm } from "@/components/admin/script-execution-form";
import { TeamCreationForm } from "@/components/admin/team-creation-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/core";
import { listEnvironmentSettings, readInstanceSettings } from "@/lib/data/admin";
import { getExecutionStatus } from "@/lib/data/playground";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  const viewer = await requireViewer();
  const [groups, settings, execution] = await Promise.all([listEnvironmentSettings(viewer), readInstanceSettings(), getExecutionStatus(viewer)]).catch(
    (error: unknown) => {
      if (error instanceof DataError && error.code === "FORBIDDEN") notFound();
      throw error;
    },
  );
  return (
    <div className="grid gap-6">
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Teams</CardTitle>
          <CardDescription>Changed here, it applies at once and is recorded in the audit trail.</CardDescription>
        </CardHeader>
        <CardContent>
          <TeamCreationForm value={settings.teamCreation} />
        </CardContent>
      </Card>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Script execution</CardTitle>
          <CardDescription>
            Whether the playground&apos;s skill_run may run skill scripts. It also needs bubblewrap on this server; every run is recorded in the audit trail.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!execution.enabled && execution.cause === "host" ? (
            <p role="note" className="rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200">
              This server cannot run the sandbox, whatever the setting: {execution.reason} {execution.remedy}
            </p>
          ) : null}
          <ScriptExecutionForm value={settings.scriptExecution} />
          <UsageAttributionForm value={settings.usageAttribution} />
        </CardContent>
      </Card>
      <EnvSettings groups={groups} />
    </div>
  );
}
