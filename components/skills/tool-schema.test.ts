import { describe, expect, it } from "vitest";
import { schemaRows, typeLabel } from "./tool-schema";

describe("schemaRows", () => {
  it("lists each argument with its type, required flag and description, nested ones dotted", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        order_id: { type: "string", description: " The order's id " },
        limit: { type: "integer", minimum: 1, maximum: 50 },
        sort: { enum: ["asc", "desc"] },
        tags: { type: "array", items: { type: "string" } },
        when: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
        address: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
      required: ["order_id", "address"],
    });
    expect(rows).toEqual([
      { name: "order_id", type: "string", required: true, description: "The order's id", depth: 0 },
      { name: "limit", type: "integer ≥ 1 ≤ 50", required: false, description: null, depth: 0 },
      { name: "sort", type: '"asc" | "desc"', required: false, description: null, depth: 0 },
      { name: "tags", type: "array of string", required: false, description: null, depth: 0 },
      { name: "when", type: "string (date) | null", required: false, description: null, depth: 0 },
      { name: "address", type: "object", required: true, description: null, depth: 0 },
      { name: "address.city", type: "string", required: true, description: null, depth: 1 },
    ]);
  });

  it("is empty for a tool without arguments", () => {
    expect(schemaRows({ type: "object" })).toEqual([]);
    expect(schemaRows({ type: "object", properties: [] as unknown as Record<string, unknown> })).toEqual([]);
  });

  it("names anything else plainly", () => {
    expect(typeLabel({})).toBe("any");
    expect(typeLabel(true)).toBe("any");
    expect(typeLabel({ type: ["string", "null"] })).toBe("string | null");
    expect(typeLabel({ type: "array", items: { enum: [1, 2] } })).toBe("array of (1 | 2)");
    expect(typeLabel({ const: "x" })).toBe('"x"');
  });
});
