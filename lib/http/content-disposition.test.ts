import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition";

describe("attachmentDisposition", () => {
  it("keeps plain names as they are", () => {
    expect(attachmentDisposition("rollback.md")).toBe(`attachment; filename="rollback.md"; filename*=UTF-8''rollback.md`);
  });

  it("gives non-ASCII names an ASCII fallback and the exact UTF-8 name", () => {
    expect(attachmentDisposition("Ablauf – Übersicht.pdf")).toBe(
      `attachment; filename="Ablauf _ _bersicht.pdf"; filename*=UTF-8''Ablauf%20%E2%80%93%20%C3%9Cbersicht.pdf`,
    );
    expect(attachmentDisposition("图.png")).toBe(`attachment; filename="_.png"; filename*=UTF-8''%E5%9B%BE.png`);
  });

  it("cannot be used to inject parameters or headers", () => {
    const header = attachmentDisposition('a".html; filename="evil.html\r\nSet-Cookie: x=1');
    expect(header).toBe(
      `attachment; filename="a_.html; filename=_evil.htmlSet-Cookie: x=1"; filename*=UTF-8''a%22.html%3B%20filename%3D%22evil.htmlSet-Cookie%3A%20x%3D1`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(attachmentDisposition("it's (1).txt")).toContain("filename*=UTF-8''it%27s%20%281%29.txt");
    expect(attachmentDisposition("\u0000")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
