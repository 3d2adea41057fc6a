import { describe, expect, it } from "vitest";
import { createOutputCap, truncationMarker, utf8Prefix } from "./output-cap";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("utf8Prefix", () => {
  it("never ends inside a multi-byte character", () => {
    const text = bytes("aé€😀"); // 1 + 2 + 3 + 4 bytes
    expect([...utf8Prefix(text, 2)]).toEqual([...bytes("a")]);
    expect([...utf8Prefix(text, 3)]).toEqual([...bytes("aé")]);
    expect([...utf8Prefix(text, 5)]).toEqual([...bytes("aé")]);
    expect([...utf8Prefix(text, 6)]).toEqual([...bytes("aé€")]);
    expect([...utf8Prefix(text, 9)]).toEqual([...bytes("aé€")]);
    expect([...utf8Prefix(text, 10)]).toEqual([...text]);
  });
});

describe("createOutputCap", () => {
  it("keeps short output whole", () => {
    const cap = createOutputCap(10);
    cap.push(Buffer.from("hello"));
    expect(cap.finish()).toEqual({ text: "hello", totalBytes: 5, hiddenBytes: 0 });
  });

  it("cuts long output at the cap, on a character boundary, and says how much is hidden", () => {
    const cap = createOutputCap(5);
    cap.push(Buffer.from("abcd"));
    cap.push(Buffer.from("€€€€"));
    for (let i = 0; i < 1000; i++) cap.push(Buffer.from("x".repeat(1024)));
    const result = cap.finish();
    expect(result.totalBytes).toBe(4 + 12 + 1024 * 1000);
    expect(result.hiddenBytes).toBe(result.totalBytes - 4);
    expect(result.text).toBe(`abcd${truncationMarker(result.hiddenBytes)}`);
    expect(result.text).toContain("[… output truncated: 1000.0 KB more not shown]");
  });
});
