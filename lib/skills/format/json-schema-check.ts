import { describeValue as describe } from "./text";

// A structural check of a JSON Schema, small enough for the browser editor: the app's CSP forbids
// eval, so a compiling validator (ajv) cannot run there. It checks the shape of the keywords a tool's
// input schema uses (types, properties, required, items, enum, the combinators), recursively, and
// leaves keywords it does not know alone, as JSON Schema itself does. Each problem carries the path
// of the offending node inside the schema, so the validator can point at its line.

export interface SchemaProblem {
  /** Path from the schema's root to the node at fault (["properties", "id", "type"]). */
  path: (string | number)[];
  message: string;
}

const TYPE_NAMES = ["string", "number", "integer", "boolean", "object", "array", "null"];
/** Deeper than any hand-written input schema; stops a pathological one from exhausting the stack. */
const MAX_DEPTH = 32;

const SCHEMA_KEYWORDS = [
  "additionalProperties",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
];
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_LIST_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const COUNT_KEYWORDS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const TEXT_KEYWORDS = ["title", "description", "format", "$ref", "$id", "$schema", "$comment", "contentMediaType", "contentEncoding"];
const BOOLEAN_KEYWORDS = ["uniqueItems", "readOnly", "writeOnly", "deprecated"];

const isMap = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Problems of `schema` as a JSON Schema (draft 2020-12 and the drafts before it); empty when it is well-formed. */
export function checkJsonSchema(schema: unknown): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  checkSchema(schema, [], 0, problems);
  return problems;
}

function checkSchema(schema: unknown, path: (string | number)[], depth: number, problems: SchemaProblem[]): void {
  const problem = (at: (string | number)[], message: string) => problems.push({ path: at, message });
  // true and false are schemas too (anything, nothing).
  if (typeof schema === "boolean") return;
  if (!isMap(schema)) {
    problem(path, `a schema must be a map of keywords (got ${describe(schema)})`);
    return;
  }
  if (depth > MAX_DEPTH) {
    problem(path, `the schema nests more than ${MAX_DEPTH} levels deep`);
    return;
  }
  const sub = (value: unknown, at: (string | number)[]) => checkSchema(value, at, depth + 1, problems);

  if ("type" in schema) checkType(schema.type, [...path, "type"], problem);
  if ("required" in schema) {
    const required = schema.required;
    if (!Array.isArray(required)) problem([...path, "required"], `required must be a list of property names (got ${describe(required)})`);
    else
      required.forEach((name, i) => {
        if (typeof name !== "string") problem([...path, "required", i], `required lists property names; item ${i + 1} is ${describe(name)}`);
        else if (required.indexOf(name) !== i) problem([...path, "required", i], `required names "${name}" twice`);
      });
  }
  if ("enum" in schema && (!Array.isArray(schema.enum) || schema.enum.length === 0)) {
    problem([...path, "enum"], `enum must be a non-empty list of the allowed values (got ${describe(schema.enum)})`);
  }
  for (const key of SCHEMA_KEYWORDS) if (key in schema) sub(schema[key], [...path, key]);
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (!(key in schema)) continue;
    const map = schema[key];
    if (!isMap(map)) {
      problem([...path, key], `${key} must be a map of names to schemas (got ${describe(map)})`);
      continue;
    }
    for (const [name, value] of Object.entries(map)) {
      if (key === "patternProperties" && !compiles(name))
        problem([...path, key, name], `patternProperties key ${JSON.stringify(name)} is not a valid regular expression`);
      sub(value, [...path, key, name]);
    }
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    if (!(key in schema)) continue;
    const list = schema[key];
    if (!Array.isArray(list) || list.length === 0) problem([...path, key], `${key} must be a non-empty list of schemas (got ${describe(list)})`);
    else list.forEach((item, i) => sub(item, [...path, key, i]));
  }
  // items: one schema (a list of schemas is the tuple form of drafts before 2020-12).
  if ("items" in schema) {
    const items = schema.items;
    if (Array.isArray(items)) items.forEach((item, i) => sub(item, [...path, "items", i]));
    else sub(items, [...path, "items"]);
  }
  for (const key of COUNT_KEYWORDS) {
    if (key in schema && !(Number.isInteger(schema[key]) && (schema[key] as number) >= 0)) {
      problem([...path, key], `${key} must be a whole number, 0 or more (got ${describe(schema[key])})`);
    }
  }
  for (const key of NUMBER_KEYWORDS) {
    // exclusiveMinimum/Maximum were booleans in draft 4.
    const value = schema[key];
    if (key in schema && typeof value !== "number" && !(key.startsWith("exclusive") && typeof value === "boolean")) {
      problem([...path, key], `${key} must be a number (got ${describe(value)})`);
    }
  }
  if ("multipleOf" in schema && !(typeof schema.multipleOf === "number" && schema.multipleOf > 0)) {
    problem([...path, "multipleOf"], `multipleOf must be a number above 0 (got ${describe(schema.multipleOf)})`);
  }
  for (const key of TEXT_KEYWORDS) {
    if (key in schema && typeof schema[key] !== "string") problem([...path, key], `${key} must be text (got ${describe(schema[key])})`);
  }
  for (const key of BOOLEAN_KEYWORDS) {
    if (key in schema && typeof schema[key] !== "boolean") problem([...path, key], `${key} must be true or false (got ${describe(schema[key])})`);
  }
  if ("pattern" in schema) {
    const pattern = schema.pattern;
    if (typeof pattern !== "string") problem([...path, "pattern"], `pattern must be a regular expression as text (got ${describe(pattern)})`);
    else if (!compiles(pattern)) problem([...path, "pattern"], `pattern ${JSON.stringify(pattern)} is not a valid regular expression`);
  }
}

function checkType(type: unknown, path: (string | number)[], problem: (at: (string | number)[], message: string) => void): void {
  const allowed = TYPE_NAMES.join(", ");
  if (typeof type === "string") {
    if (!TYPE_NAMES.includes(type)) problem(path, `type "${type}" is not a JSON Schema type; use one of ${allowed}`);
    return;
  }
  if (!Array.isArray(type) || type.length === 0) {
    problem(path, `type must be a type name or a list of them (got ${describe(type)}); use ${allowed}`);
    return;
  }
  type.forEach((item, i) => {
    if (typeof item !== "string" || !TYPE_NAMES.includes(item))
      problem([...path, i], `type ${describe(item)} is not a JSON Schema type; use one of ${allowed}`);
    else if (type.indexOf(item) !== i) problem([...path, i], `type lists "${item}" twice`);
  });
}

// The RegExp constructor is not eval: the CSP allows it.
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
