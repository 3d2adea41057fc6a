"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/session";
import { createToken, revokeToken } from "@/lib/data/tokens";
import { createTokenInput, revokeTokenInput } from "@/lib/auth/token-inputs";
import type { AccessTokenInfo } from "@/lib/types/tokens";

export type CreateTokenState =
  | { ok: true; secret: string; token: AccessTokenInfo }
  | { ok: false; message?: string; fieldErrors?: Partial<Record<"name" | "scope" | "expiresInDays", string[]>>; values?: { name?: string; scope?: string; expiresInDays?: string } }
  | null;

export async function createTokenAction(_: CreateTokenState, formData: FormData): Promise<CreateTokenState> {
  const viewer = await requireViewer();
  const values = { name: String(formData.get("name") ?? ""), scope: String(formData.get("scope") ?? ""), expiresInDays: String(formData.get("expiresInDays") ?? "") };
  const input = createTokenInput.safeParse(values);
  if (!input.success) return { ok: false, fieldErrors: z.flattenError(input.error).fieldErrors, values };
  try {
    const { token, secret } = await createToken(viewer, input.data);
    revalidatePath("/account");
    return { ok: true, token, secret };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message, values };
    throw error;
  }
}

export type RevokeTokenState = { ok: boolean; message?: string } | null;

export async function revokeTokenAction(_: RevokeTokenState, formData: FormData): Promise<RevokeTokenState> {
  const viewer = await requireViewer();
  const input = revokeTokenInput.safeParse({ tokenId: formData.get("tokenId") });
  if (!input.success) return { ok: false, message: "Token not found." };
  const token = await revokeToken(viewer, input.data.tokenId);
  if (!token) return { ok: false, message: "Token not found." };
  revalidatePath("/account");
  return { ok: true };
}
