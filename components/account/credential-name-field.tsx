import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * The top of a "new credential" form (a token, a delivery link): the refusal that is not about a
 * field, then the name, with its error.
 */
export function CredentialNameField({
  id,
  placeholder,
  defaultValue,
  error,
  refusal,
}: {
  id: string;
  placeholder: string;
  defaultValue?: string;
  error?: string;
  refusal?: string;
}) {
  return (
    <>
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={id}>Name</Label>
        <Input
          id={id}
          name="name"
          placeholder={placeholder}
          maxLength={64}
          defaultValue={defaultValue}
          required
          autoFocus
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
