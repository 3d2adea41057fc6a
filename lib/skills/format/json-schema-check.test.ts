import { describe, expect, it } from "vitest";
import { checkJsonSchema } from "./json-schema-check";

const paths = (schema: unknown) => checkJsonSchema(schema).map((p) => p.path.join("/"));

describe("checkJsonSchema", () => {
  it("accepts well-formed schemas, boolean subschemas and keywords it does not know", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        id: { type: "string", pattern: "^[A-Z]{2}-\\d+$", minLength: 1 },
        tags: { type: "array", items: { enum: ["a", "b"] }, uniqueItems: true },
        point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false },
        when: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
        anything: true,
        either: { oneOf: [{ const: 1 }, { $ref: "#/$defs/two" }] },
      },
      $defs: { two: { const: 2 } },
      required: ["id"],
      additionalProperties: false,
      "x-vendor": { whatever: [1] },
    };
    expect(checkJsonSchema(schema)).toEqual([]);
    // the tuple form of draft 7, and draft 4's boolean exclusiveMinimum
    expect(checkJsonSchema({ type: "array", items: [{ type: "string" }], minimum: 0, exclusiveMinimum: true })).toEqual([]);
  });

  it("reports each malformed keyword with its path", () => {
    expect(
      paths({
        type: "object",
        properties: { a: { type: "text" }, b: "string", c: { type: ["string", "string"] }, d: { items: { required: "x" } } },
        required: ["a", 1, "a"],
        enum: [],
        anyOf: [],
        minLength: -1,
        maximum: "9",
        multipleOf: 0,
        pattern: "(",
        description: 3,
        patternProperties: { "[": { type: "string" } },
      }),
    ).toEqual([
      "required/1",
      "required/2",
      "enum",
      "properties/a/type",
      "properties/b",
      "properties/c/type/1",
      "properties/d/items/required",
      "patternProperties/[",
      "anyOf",
      "minLength",
      "maximum",
      "multipleOf",
      "description",
      "pattern",
    ]);
    expect(paths("object")).toEqual([""]);
    expect(paths({ properties: [] })).toEqual(["properties"]);
  });

  it("stops at a depth no hand-written schema reaches", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 100; i++) schema = { type: "object", properties: { x: schema } };
    const problems = checkJsonSchema(schema);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain("nests more than 32 levels");
  });
});
