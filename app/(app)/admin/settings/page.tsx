import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EnvSettings } from "@/components/admin/env-settings";
import { TeamCreationForm } from "@/components/admin/team-creation-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/session";
import { listEnvironmentSettings, readInstanceSettings } from "@/lib/data/settings";

export const metadata: Metadata = { title: "Settings" };

export default async function AdminSettingsPage() {
  const viewer = await requireViewer();
  const [groups, settings] = await Promise.all([listEnvironmentSettings(viewer), readInstanceSettings()]).catch((error: unknown) => {
    if (error instanceof DataError && error.code === "FORBIDDEN") notFound();
    throw error;
  });
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
      <EnvSettings groups={groups} />
    </div>
  );
}
