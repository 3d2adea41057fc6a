// Tool arguments written in plain language, for the offline router: "how many miles are 5 km",
// "convert 350 °F to °C". Read only for a tool whose input schema has the shape of a conversion
// (a number `value`, strings `from` and `to`, as the built-in unit-converter's convert_units); the
// units go through as written, since the tool itself knows their names and plurals.

export interface ToolSchema {
  name: string;
  inputSchema: unknown;
}

type Property = { type?: unknown };

/** Whether a JSON Schema asks for exactly { value: number, from: string, to: string }. */
export function isConversionSchema(schema: unknown): boolean {
  if (!schema || typeof schema !== "object") return false;
  const properties = (schema as { properties?: Record<string, Property> }).properties;
  if (!properties || typeof properties !== "object") return false;
  const keys = Object.keys(properties).sort();
  return (
    keys.join(",") === "from,to,value" &&
    ["number", "integer"].includes(String(properties.value?.type)) &&
    properties.from?.type === "string" &&
    properties.to?.type === "string"
  );
}

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;
// A unit as people write it: "km", "°F", "m/s", "km²", "miles", "fl oz" (one word after "fl" or "sq").
const UNIT = String.raw`((?:fl\.? |sq\.? |nautical )?°?\s?[A-Za-z][A-Za-z/²]*\d?)`;
const NOT_UNITS = new Set(["in", "to", "into", "as", "are", "is", "and", "or", "of", "the", "a", "an", "for", "please"]);

/** Conversions the message asks for in words, in the order written; none when it asks none. */
export function plainConversions(message: string): { value: number; from: string; to: string }[] {
  const out: { value: number; from: string; to: string }[] = [];
  const add = (value: string, from: string, to: string) => {
    const [f, t] = [from.trim().replace(/\s+/g, " "), to.trim().replace(/\s+/g, " ")];
    if (NOT_UNITS.has(f.toLowerCase()) || NOT_UNITS.has(t.toLowerCase())) return;
    const number = Number(value.replace(",", "."));
    if (!Number.isFinite(number) || out.some((c) => c.value === number && c.from === f && c.to === t)) return;
    out.push({ value: number, from: f, to: t });
  };
  // "how many miles are (there in) 5 km"
  for (const m of message.matchAll(new RegExp(String.raw`how many\s+${UNIT}\s+(?:are|is|in|make|makes)\s+(?:there\s+in\s+)?${NUMBER}\s*${UNIT}`, "gi")))
    add(m[2], m[3], m[1]);
  // "5 km in miles", "convert 350 °F to °C", "3 cups into ml"
  for (const m of message.matchAll(new RegExp(String.raw`${NUMBER}\s*${UNIT}\s+(?:in|to|into|as)\s+${UNIT}`, "gi"))) add(m[1], m[2], m[3]);
  return out;
}

/** Calls of the given tools the message asks for in words (see plainConversions). */
export function plainToolCalls(message: string, tools: readonly ToolSchema[]): { tool: string; input: Record<string, unknown> }[] {
  const converter = tools.find((tool) => isConversionSchema(tool.inputSchema));
  if (!converter) return [];
  return plainConversions(message).map((input) => ({ tool: converter.name, input }));
}
