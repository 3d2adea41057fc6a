/**
 * Files uploaded through uploadthing are named by an id the server assigns while it still knows
 * who is uploading (the file router's middleware): "skillshelf.<user id>.<random>". The server
 * later fetches only ids that carry the caller's own user id, so knowing someone else's upload id
 * is not enough to import their archive.
 */
const PREFIX = "skillshelf";

export function remoteUploadId(userId: string, random: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(userId) || !/^[A-Za-z0-9_-]+$/.test(random)) throw new Error("remote upload ids are built from [A-Za-z0-9_-] parts");
  return `${PREFIX}.${userId}.${random}`;
}

/** True only for an id remoteUploadId made for this user. */
export function isOwnRemoteUploadId(id: string, userId: string): boolean {
  const parts = id.split(".");
  return parts.length === 3 && parts[0] === PREFIX && parts[1] === userId && /^[A-Za-z0-9_-]{16,}$/.test(parts[2] ?? "");
}
