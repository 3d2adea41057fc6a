"use client";
import { setUsageAttributionAction } from "@/lib/actions/admin";
import { SettingChoiceForm } from "./setting-choice-form";

const CHOICES = [
  {
    value: "on",
    title: "On",
    hint: "Usage events keep who caused them (user and access token): skill managers see a per-person breakdown, everyone sees distinct counts.",
  },
  {
    value: "off",
    title: "Off",
    hint: "New usage events keep no user or token: counts only. Events already written keep theirs until USAGE_RETENTION_DAYS removes them.",
  },
] as const;

export function UsageAttributionForm({ value }: { value: "on" | "off" }) {
  return <SettingChoiceForm action={setUsageAttributionAction} name="usageAttribution" legend="Attribute usage to people" choices={CHOICES} value={value} />;
}
