// The core data layer's front door: code outside lib/data imports from here.
export { type ViewerRef } from "./actor";
export { getViewer, requireViewer, viewerFromHeaders, type Viewer } from "./session";
export { findUserByEmail } from "./users";
