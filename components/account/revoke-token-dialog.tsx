"use client";
import { revokeTokenAction } from "@/lib/actions/tokens";
import type { AccessTokenInfo } from "@/lib/types/tokens";
import { RevokeDialog } from "./revoke-dialog";

export function RevokeTokenDialog({ token }: { token: AccessTokenInfo }) {
  return (
    <RevokeDialog name={token.name} field="tokenId" id={token.id} action={revokeTokenAction} confirm="Revoke token">
      Anything using <code className="font-mono">{token.prefix}…</code> stops working at once. This cannot be undone.
    </RevokeDialog>
  );
}
