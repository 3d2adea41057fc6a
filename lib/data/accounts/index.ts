// The accounts data layer's front door: code outside lib/data imports from here.
export { currentSessionId, listOwnSessions, renameSelf, revokeOtherOwnSessions, revokeOwnSession, signInMethods } from "./account";
export { getFirstRunProgress } from "./first-run";
export { checkBearer, createToken, listTokens, revokeToken, tokenAllows, viewerFromBearer, type BearerCheck, type TokenScope } from "./tokens";
