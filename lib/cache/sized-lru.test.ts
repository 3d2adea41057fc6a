import { describe, expect, it } from "vitest";
import { SizedLru } from "./sized-lru";

describe("SizedLru", () => {
  it("drops the least recently used entries once the sizes pass the budget", () => {
    const lru = new SizedLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("c", "C", 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    expect(lru.size).toBe(8);
  });

  it("keeps nothing larger than the whole budget, and replacing a key counts its new size only", () => {
    const lru = new SizedLru<string>(10);
    lru.set("big", "x", 11);
    expect(lru.get("big")).toBeUndefined();
    lru.set("a", "1", 6);
    lru.set("a", "2", 3);
    expect(lru.size).toBe(3);
    expect(lru.get("a")).toBe("2");
  });

  it("refuses a budget that is not a positive number", () => {
    expect(() => new SizedLru(0)).toThrow(/budget must be a positive number, got 0/);
  });
});
