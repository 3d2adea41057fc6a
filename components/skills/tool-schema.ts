// A tool's input schema as the rows of a table people read: each argument with its type in words,
// whether it is required and its description. Nested object properties get dotted names
// (address.city), so a two-level schema reads as one table.

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  depth: number;
}

const MAX_DEPTH = 4;
const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

export function schemaRows(schema: Record<string, unknown>): SchemaRow[] {
  const rows: SchemaRow[] = [];
  walk(schema, "", 0, rows);
  return rows;
}

function walk(schema: Record<string, unknown>, prefix: string, depth: number, rows: SchemaRow[]): void {
  const properties = isMap(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [key, value] of Object.entries(properties)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const property = isMap(value) ? value : {};
    rows.push({
      name,
      type: typeLabel(value),
      required: required.includes(key),
      description: typeof property.description === "string" && property.description.trim() ? property.description.trim() : null,
      depth,
    });
    if (depth < MAX_DEPTH && isMap(property.properties)) walk(property, name, depth + 1, rows);
  }
}

/** `string`, `integer ≥ 1`, `"asc" | "desc"`, `array of string`, `string | null`, `any`. */
export function typeLabel(schema: unknown): string {
  if (schema === true || (isMap(schema) && Object.keys(schema).length === 0)) return "any";
  if (!isMap(schema)) return schema === false ? "nothing" : "any";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  for (const key of ["anyOf", "oneOf"]) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return [...new Set(options.map(typeLabel))].join(" | ");
  }
  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === "string" ? [schema.type] : [];
  const label = types.length
    ? types.map((type) => (type === "array" ? arrayLabel(schema.items) : type)).join(" | ")
    : isMap(schema.properties)
      ? "object"
      : "any";
  const bounds = [
    typeof schema.minimum === "number" ? `≥ ${schema.minimum}` : null,
    typeof schema.maximum === "number" ? `≤ ${schema.maximum}` : null,
    typeof schema.format === "string" ? `(${schema.format})` : null,
  ].filter(Boolean);
  return [label, ...bounds].join(" ");
}

function arrayLabel(items: unknown): string {
  if (items === undefined || Array.isArray(items)) return "array";
  const inner = typeLabel(items);
  return `array of ${inner.includes(" ") ? `(${inner})` : inner}`;
}
