"use client";
import { setTeamCreationAction } from "@/lib/actions/admin";
import { SettingChoiceForm } from "./setting-choice-form";

const CHOICES = [
  { value: "anyone", title: "Anyone signed in", hint: "Every user may create a team and becomes its owner." },
  { value: "admins", title: "Instance admins only", hint: "Only instance admins create teams; they can then make others owners." },
] as const;

export function TeamCreationForm({ value }: { value: "anyone" | "admins" }) {
  return <SettingChoiceForm action={setTeamCreationAction} name="teamCreation" legend="Who may create teams" choices={CHOICES} value={value} />;
}
