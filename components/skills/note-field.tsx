"use client";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/**
 * A required note with its length rules (the review and false-positive dialogs): the label, the
 * textarea, and under it the form's error or the minimum length.
 */
export function NoteField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  rows = 3,
  placeholder,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  rows?: number;
  placeholder: string;
  error: string | null;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name="note"
        required
        minLength={min}
        maxLength={max}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} role={error ? "alert" : undefined} className={cn("text-xs", error ? "text-destructive" : "text-muted-foreground")}>
        {error ?? `At least ${min} characters.`}
      </p>
    </div>
  );
}
