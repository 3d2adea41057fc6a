"use client";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { saveNotificationPrefsAction } from "@/lib/actions/notifications";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationPrefs } from "@/lib/notifications/kinds";

/** A checkbox per kind and channel; e-mail only where the server can send it. */
export function NotificationPrefsForm({ prefs, email }: { prefs: NotificationPrefs; email: boolean }) {
  const { formAction, pending, failure } = useFormAction(saveNotificationPrefsAction);
  return (
    <form action={formAction} className="grid gap-4">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-2 font-medium">Tell me when</th>
            <th className="w-20 py-2 text-center font-medium">In app</th>
            <th className="w-20 py-2 text-center font-medium">E-mail</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <td className="py-2.5 pr-3">
                <div className="font-medium">{NOTIFICATION_KIND_LABELS[kind].label}</div>
                <div className="text-xs text-muted-foreground">{NOTIFICATION_KIND_LABELS[kind].hint}</div>
              </td>
              <td className="text-center">
                <input
                  type="checkbox"
                  name={`${kind}:inApp`}
                  defaultChecked={prefs[kind].inApp}
                  aria-label={`${NOTIFICATION_KIND_LABELS[kind].label} in the app`}
                  className="size-4 accent-primary"
                />
              </td>
              <td className="text-center">
                <input
                  type="checkbox"
                  name={`${kind}:email`}
                  defaultChecked={prefs[kind].email}
                  disabled={!email}
                  aria-label={`${NOTIFICATION_KIND_LABELS[kind].label} by e-mail`}
                  className="size-4 accent-primary disabled:opacity-40"
                />
                {/* A disabled box is not sent: keep the stored choice for when e-mail is set up. */}
                {!email && prefs[kind].email ? <input type="hidden" name={`${kind}:email`} value="on" /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!email ? <p className="text-xs text-muted-foreground">E-mail is off on this server: an administrator sets SMTP_URL to turn it on.</p> : null}
      {failure ? <p className="text-sm text-destructive">{failure.message}</p> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
