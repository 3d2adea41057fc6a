import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// The static files of public/: served to anyone (a browser asks for the favicon and the manifest
// without a session, and a crawler for robots.txt), with the app's security headers, and linked
// from every page's head. No cookies here: `request` is a signed-out client.

const PUBLIC = path.resolve(import.meta.dirname, "../public");
const CONTENT_TYPES: Record<string, RegExp> = {
  ".ico": /^image\/(x-icon|vnd\.microsoft\.icon)$/,
  ".png": /^image\/png$/,
  ".svg": /^image\/svg\+xml/,
  ".webmanifest": /^application\/manifest\+json/,
  ".txt": /^text\/plain/,
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1"), "a PNG signature").toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("every file of public/ is served signed out, with its content type and the security headers", async ({ request }) => {
  const files = existsSync(PUBLIC) ? readdirSync(PUBLIC) : [];
  for (const name of ["favicon.ico", "favicon.svg", "apple-touch-icon.png", "icon-192.png", "icon-512.png", "manifest.webmanifest", "robots.txt"])
    expect(files, "public/").toContain(name);
  for (const name of files) {
    const response = await request.get(`/${name}`, { maxRedirects: 0 });
    expect(response.status(), name).toBe(200);
    expect(response.headers()["content-type"], name).toMatch(CONTENT_TYPES[path.extname(name)] ?? /^$/);
    expect(response.headers()["content-security-policy"], name).toContain("default-src 'self'");
    expect(response.headers()["x-content-type-options"], name).toBe("nosniff");
  }

  const ico = await (await request.get("/favicon.ico")).body();
  expect([ico.readUInt16LE(2), ico.readUInt16LE(4)], "an icon file with three images").toEqual([1, 3]);
  expect(
    [0, 1, 2].map((i) => ico.readUInt8(6 + 16 * i)),
    "their sizes",
  ).toEqual([16, 32, 48]);
  expect(pngSize(await (await request.get("/apple-touch-icon.png")).body())).toBe("180x180");

  // A private instance asks every crawler to stay out.
  expect((await (await request.get("/robots.txt")).text()).split("\n")).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /"]));
});

test("pages link the icons and the manifest, whose icons exist at their stated sizes", async ({ request }) => {
  const html = await (await request.get("/sign-in")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const href = (rel: string) => links.filter((link) => link.includes(`rel="${rel}"`)).map((link) => /href="([^"]+)"/.exec(link)?.[1]);
  expect(href("icon")).toEqual(["/favicon.ico", "/favicon.svg"]);
  expect(href("apple-touch-icon")).toEqual(["/apple-touch-icon.png"]);
  expect(href("manifest")).toEqual(["/manifest.webmanifest"]);
  expect(head).toContain('<meta name="robots" content="noindex, nofollow"/>');

  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    name: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest.name).toBe("Skillshelf");
  expect(manifest.start_url).toBe("/");
  const pngs = manifest.icons.filter((icon) => icon.type === "image/png");
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of pngs) {
    const response = await request.get(icon.src, { maxRedirects: 0 });
    expect(response.status(), icon.src).toBe(200);
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
});
