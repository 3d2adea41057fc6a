import { describe, expect, it } from "vitest";
import { isOwnRemoteUploadId, remoteUploadId } from "./remote-upload-id";

describe("remote upload ids", () => {
  const id = remoteUploadId("demo-grace", "a1B2c3D4e5F6g7H8i9");

  it("belong to the user they were made for and to nobody else", () => {
    expect(isOwnRemoteUploadId(id, "demo-grace")).toBe(true);
    expect(isOwnRemoteUploadId(id, "demo-ada")).toBe(false);
    expect(isOwnRemoteUploadId(id, "demo")).toBe(false);
  });

  it("refuse look-alikes: plain keys, other prefixes, extra parts, short randoms", () => {
    for (const forged of [
      "abc123",
      "other.demo-grace.a1B2c3D4e5F6g7H8i9",
      `${id}.x`,
      "skillshelf.demo-grace.short",
      "skillshelf.demo-grace.",
      "skillshelf..a1B2c3D4e5F6g7H8i9",
    ]) {
      expect(isOwnRemoteUploadId(forged, "demo-grace"), forged).toBe(false);
    }
  });

  it("never builds an id whose parts could smuggle a separator", () => {
    expect(() => remoteUploadId("evil.user", "a1B2c3D4e5F6g7H8i9")).toThrow();
  });
});
