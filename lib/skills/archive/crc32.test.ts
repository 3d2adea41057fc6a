import { describe, expect, it } from "vitest";
import { crc32, crc32Js } from "./crc32";
import { randomBytes } from "../test-helpers/archives";

describe("crc32", () => {
  it("gives the standard check value", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32Js(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("agrees between the native and the JavaScript implementation, in one piece or several", () => {
    for (const length of [1, 7, 8, 9, 63, 4096, 100_003]) {
      const data = randomBytes(length, length);
      expect(crc32Js(data)).toBe(crc32(data));
      const cut = length >> 1;
      expect(crc32Js(data.subarray(cut), crc32Js(data.subarray(0, cut)))).toBe(crc32(data));
    }
  });
});
