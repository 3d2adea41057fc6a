"use server";
import { revalidatePath } from "next/cache";
import { notFound } from "@/lib/data/errors";
import { createToken, revokeToken } from "@/lib/data/accounts";
import { createTokenInput, revokeTokenInput } from "@/lib/auth/token-inputs";
import { formAction, success } from "./action";

// The account page's access tokens. A new token's secret is in the result once and never again.

export const createTokenAction = formAction(
  createTokenInput,
  async (input, viewer) => {
    const { token, secret } = await createToken(viewer, input);
    revalidatePath("/account");
    return success({ token, secret });
  },
  {
    fields: (form) => ({
      name: String(form.get("name") ?? ""),
      scope: String(form.get("scope") ?? ""),
      expiresInDays: String(form.get("expiresInDays") ?? ""),
    }),
    echo: true,
  },
);

export const revokeTokenAction = formAction(
  revokeTokenInput,
  async ({ tokenId }, viewer) => {
    const token = await revokeToken(viewer, tokenId);
    if (!token) throw notFound("Token");
    revalidatePath("/account");
    return success(null, `Revoked “${token.name}”.`);
  },
  { fields: (form) => ({ tokenId: form.get("tokenId") }), invalid: "Token not found." },
);
