"use client";
import { setScriptExecutionAction } from "@/lib/actions/admin";
import { SettingChoiceForm } from "./setting-choice-form";

const CHOICES = [
  {
    value: "on",
    title: "On",
    hint: "The playground may run a loaded skill's scripts in the sandbox (no network, a fresh workspace per run), where this server supports it.",
  },
  { value: "off", title: "Off", hint: "No script runs anywhere on this instance; the playground says an admin turned it off." },
] as const;

export function ScriptExecutionForm({ value }: { value: "on" | "off" }) {
  return (
    <SettingChoiceForm action={setScriptExecutionAction} name="scriptExecution" legend="Run skill scripts in the playground" choices={CHOICES} value={value} />
  );
}
