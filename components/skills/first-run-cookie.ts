/**
 * The cookie that closes the first-run panel on this browser. In a module of its own: the skill
 * list (a server component) reads it, and a constant imported from a "use client" module reaches a
 * server component as a client reference, not as the string, so the panel came back on reload.
 */
export const FIRST_RUN_COOKIE = "skillshelf-first-run";
