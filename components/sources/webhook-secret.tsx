import { CopyTextButton } from "@/components/ui/copy-text-button";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WEBHOOK_STEPS } from "./source-text";

/** A source's webhook URL and its secret, shown this once, with how GitHub and GitLab take them. */
export function WebhookSecret({ idPrefix, url, secret }: { idPrefix: string; url: string; secret: string }) {
  return (
    <div className="grid min-w-0 gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-url`}>Webhook URL</Label>
        <div className="flex gap-2">
          <Input id={`${idPrefix}-url`} readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <CopyTextButton text={url} label="Copy URL" />
        </div>
      </div>
      <ShownOnceSecret
        id={`${idPrefix}-secret`}
        label="Webhook secret"
        value={secret}
        copyLabel="Copy secret"
        warning="This is the only time the secret is shown. Put it in your Git host's webhook now; if you lose it, rotate it on the source's page."
      />
      <ul className="grid gap-1.5 text-xs text-muted-foreground" aria-label="Setting up the webhook">
        <li>{WEBHOOK_STEPS.github}</li>
        <li>{WEBHOOK_STEPS.gitlab}</li>
      </ul>
    </div>
  );
}
