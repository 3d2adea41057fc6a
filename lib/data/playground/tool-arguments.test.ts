import { describe, expect, it } from "vitest";
import { toolArgumentsProblem } from "./tool-arguments";

const convert = {
  name: "convert_units",
  inputSchema: {
    type: "object",
    properties: { value: { type: "number" }, from: { type: "string" }, to: { type: "string", enum: ["km", "mi"] } },
    required: ["value", "from", "to"],
    additionalProperties: false,
  },
};

describe("toolArgumentsProblem", () => {
  it("accepts arguments that fit the schema", () => {
    expect(toolArgumentsProblem(convert, { value: 5, from: "km", to: "mi" })).toBeNull();
  });

  it("names each field and its problem, for the model", () => {
    expect(toolArgumentsProblem(convert, { value: "5", to: "yards", extra: 1 })).toBe(
      'The arguments for convert_units do not match its input schema: "from" is required; "extra" is not a known argument; "value" must be number; "to" must be one of "km", "mi". Call it again with arguments that do.',
    );
    expect(toolArgumentsProblem(convert, undefined)).toContain('"value" is required; "from" is required; "to" is required');
    expect(toolArgumentsProblem(convert, [1])).toContain("the arguments must be object");
  });

  it("names nested fields by their path", () => {
    const rows = { name: "t", inputSchema: { type: "object", properties: { rows: { type: "array", items: { type: "object", required: ["id"] } } } } };
    expect(toolArgumentsProblem(rows, { rows: [{ id: 1 }, {}] })).toContain('"rows[1].id" is required');
  });

  it("reads draft 2020-12 schemas, ignores formats, and says when a schema cannot be used", () => {
    const tuple = {
      name: "t",
      inputSchema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { p: { type: "array", prefixItems: [{ type: "number" }] } },
      },
    };
    expect(toolArgumentsProblem(tuple, { p: ["x"] })).toContain('"p[0]" must be number');
    expect(
      toolArgumentsProblem({ name: "t", inputSchema: { type: "object", properties: { at: { type: "string", format: "date-time" } } } }, { at: "soon" }),
    ).toBeNull();
    expect(() => toolArgumentsProblem({ name: "broken", inputSchema: { type: "object", properties: { a: { $ref: "#/nowhere" } } } }, {})).toThrow(
      /The input schema of broken is not usable JSON Schema/,
    );
  });
});

describe("regular expressions in a tool's schema", () => {
  it("are not run on the server: a catastrophic pattern cannot stall it", () => {
    const tool = {
      name: "slow",
      inputSchema: {
        type: "object",
        properties: { text: { type: "string", pattern: "^(a+)+$" }, pattern: { type: "string" } },
        patternProperties: { "^(x+)+$": {} },
      },
    };
    // Run as a RegExp, this pattern takes about 2^40 steps on this input: the test would never end.
    expect(toolArgumentsProblem(tool, { text: `${"a".repeat(40)}!`, pattern: "p" })).toBeNull();
    // A property named "pattern" is still a declared property, checked by type.
    expect(toolArgumentsProblem(tool, { pattern: 3 })).toMatch(/"pattern" must be string/);
  });
});
