import { describe, expect, it } from "vitest";
import { isConversionSchema, plainConversions, plainToolCalls } from "./plain-arguments";

const CONVERSION = {
  type: "object",
  properties: { value: { type: "number" }, from: { type: "string" }, to: { type: "string" } },
  required: ["value", "from", "to"],
};

describe("plain-language tool arguments", () => {
  it("reads the conversions people write", () => {
    expect(plainConversions("How many miles are 5 km?")).toEqual([{ value: 5, from: "km", to: "miles" }]);
    expect(plainConversions("convert 350 °F to °C please")).toEqual([{ value: 350, from: "°F", to: "°C" }]);
    expect(plainConversions("what is 180 lb in kg, and 3 cups into ml")).toEqual([
      { value: 180, from: "lb", to: "kg" },
      { value: 3, from: "cups", to: "ml" },
    ]);
    expect(plainConversions("2,5 km in m")).toEqual([{ value: 2.5, from: "km", to: "m" }]);
    expect(plainConversions("how many miles are there in 10 kilometres")).toEqual([{ value: 10, from: "kilometres", to: "miles" }]);
  });

  it("reads nothing from a message that asks no conversion", () => {
    expect(plainConversions("Open references/rollback.md")).toEqual([]);
    // Read as a conversion, which is why the router reads words only for a conversion tool of the
    // skill in play, and lets them pick a skill only when the catalog ranks none.
    expect(plainConversions("deploy 3 services to production")).toEqual([{ value: 3, from: "services", to: "production" }]);
    expect(plainConversions("we shipped 3 in a row")).toEqual([]);
  });

  it("calls only a tool whose schema is a conversion", () => {
    expect(isConversionSchema(CONVERSION)).toBe(true);
    expect(isConversionSchema({ type: "object", properties: { path: { type: "string" } } })).toBe(false);
    expect(plainToolCalls("5 km in miles", [{ name: "profile_csv", inputSchema: { properties: { path: { type: "string" } } } }])).toEqual([]);
    expect(plainToolCalls("5 km in miles", [{ name: "convert_units", inputSchema: CONVERSION }])).toEqual([
      { tool: "convert_units", input: { value: 5, from: "km", to: "miles" } },
    ]);
  });
});
