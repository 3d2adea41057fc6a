/**
 * `attachment` with the file's name in both forms (RFC 6266): an ASCII fallback for old clients,
 * and the exact UTF-8 name as filename*. Quotes, backslashes and control characters never reach
 * the header, so a hostile file name cannot add parameters or split the response.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(/[\u0000-\u001f\u007f]/g, "") || "download";
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
