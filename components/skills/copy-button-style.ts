// CopyButton's look, shared with the static copy button of a document rendered to HTML
// (markdown/static-parts.tsx): a string exported from a "use client" module would reach a server
// component as a client reference, not as the string.
export const COPY_BUTTON_CLASS =
  "inline-flex items-center gap-1.5 rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-3 focus-visible:ring-ring/50 [&_svg]:size-3.5 [&_svg]:shrink-0";
export const COPIED_ICON_CLASS = "text-emerald-600 dark:text-emerald-400";
