type CredentialHeaders = { authorization?: string | null; cookie?: string | null };
export declare function sessionTokenOf(cookie: string | null | undefined): string | undefined;
export declare function rememberVerified(credential: { authorization?: string | null } | { cookie?: string | null }, now?: number): void;
export declare function verifiedCredential(headers: CredentialHeaders, now?: number): string | null;
