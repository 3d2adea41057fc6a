"use client";
import { useState } from "react";
import { revokeTokenAction } from "@/lib/actions/tokens";
import type { AccessTokenInfo } from "@/lib/types/tokens";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { useFormAction } from "@/components/ui/use-form-action";

export function RevokeTokenDialog({ token }: { token: AccessTokenInfo }) {
  const [open, setOpen] = useState(false);
  const { formAction, pending, failure } = useFormAction(revokeTokenAction, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form action={formAction} className="grid gap-4">
          <input type="hidden" name="tokenId" value={token.id} />
          <DialogHeader>
            <DialogTitle>Revoke “{token.name}”?</DialogTitle>
            <DialogDescription>
              Anything using <code className="font-mono">{token.prefix}…</code> stops working at once. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure.message}
            </p>
          ) : null}
          <DialogFormFooter pending={pending} variant="destructive">
            Revoke token
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
