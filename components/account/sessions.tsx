"use client";
import { useTransition } from "react";
import { MonitorSmartphoneIcon } from "lucide-react";
import { revokeOtherSessionsAction, revokeSessionAction } from "@/lib/actions/account";
import type { OwnSession } from "@/lib/types/account";
import { formatRelative } from "@/lib/display";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { useFormAction } from "@/components/ui/use-form-action";

function When({ date }: { date: Date }) {
  return (
    // relative to "now", which differs between the server render and hydration by a moment
    <time dateTime={date.toISOString()} title={date.toLocaleString("en-US")} suppressHydrationWarning>
      {formatRelative(date)}
    </time>
  );
}

/** Where the viewer is signed in, with a way to end any other session, or all of them. */
export function Sessions({ sessions }: { sessions: OwnSession[] }) {
  const others = sessions.filter((session) => !session.current).length;
  const [pending, startTransition] = useTransition();
  const revokeOthers = () =>
    startTransition(async () => {
      const result = await revokeOtherSessionsAction({});
      if (result.ok) toast.success(result.message ?? "Signed out.");
      else toast.error(result.message);
    });
  return (
    <section aria-labelledby="sessions-title" className="max-w-3xl">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle id="sessions-title">Sessions</CardTitle>
            <CardDescription>Where you are signed in. Sign out any you do not recognise, then change your password.</CardDescription>
          </div>
          <Button variant="outline" size="sm" disabled={others === 0 || pending} onClick={revokeOthers}>
            Sign out other sessions
          </Button>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3" aria-label="Your sessions">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
                <div className="flex min-w-0 items-start gap-3">
                  <MonitorSmartphoneIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="grid min-w-0 gap-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {session.device}
                      {session.current ? <Badge variant="secondary">This session</Badge> : null}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {session.ipAddress ?? "Address unknown"} · signed in <When date={session.createdAt} /> ·{" "}
                      {session.current ? (
                        "active now"
                      ) : (
                        <>
                          last active <When date={session.lastActiveAt} />
                        </>
                      )}
                    </p>
                  </div>
                </div>
                {session.current ? null : <RevokeSession session={session} />}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function RevokeSession({ session }: { session: OwnSession }) {
  const { formAction, pending, failure } = useFormAction(revokeSessionAction);
  return (
    <form action={formAction} className="flex items-center gap-2">
      <input type="hidden" name="sessionId" value={session.id} />
      {failure ? (
        <span role="alert" className="text-xs text-destructive">
          {failure.message}
        </span>
      ) : null}
      <Button type="submit" variant="outline" size="sm" disabled={pending} aria-label={`Sign out the session on ${session.device}`}>
        Sign out
      </Button>
    </form>
  );
}
