import "server-only";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import type { BoundTool } from "@/lib/playground/domain";

// A bound tool's arguments checked against its input schema on the server before its script runs,
// so a script never sees arguments its author did not declare and the model learns what to fix.
// ajv compiles each distinct schema once; the compiled validators are kept for the schemas seen
// last (a skill's schema changes only with a new version).

const MAX_CACHED = 500;
const MAX_PROBLEMS = 5;
const compiled = new Map<string, ValidateFunction>();

/** Draft 2020-12 or 2019-09 when the schema says so; draft-07 (what tool schemas mostly are) otherwise. */
function compile(schema: Record<string, unknown>): ValidateFunction {
  // Formats are not checked (no ajv-formats): an unknown one is not an error, and strictness is the validator's job at upload.
  const options = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  if (dialect.includes("2020-12")) return new Ajv2020(options).compile(schema);
  if (dialect.includes("2019-09")) return new Ajv2019(options).compile(schema);
  const { $schema: _ignored, ...rest } = schema;
  // One ajv per schema: two skills may use the same $id for different schemas.
  return new Ajv(options).compile(dialect.includes("draft-07") ? schema : rest);
}

/** Keywords whose values are maps of names to schemas: their keys are names, never keywords. */
const SCHEMA_MAPS = new Set(["properties", "$defs", "definitions", "dependentSchemas"]);

/**
 * The schema without regular expressions (pattern, patternProperties). ajv runs them as JavaScript
 * RegExps on the server's one thread, and a catastrophic pattern from a skill would stall every
 * request; the script still gets only declared, typed arguments and checks its own formats.
 */
export function withoutPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutPatterns);
  if (!schema || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "pattern" && typeof value === "string") continue;
    if (key === "patternProperties") continue;
    out[key] =
      SCHEMA_MAPS.has(key) && value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutPatterns(sub)]))
        : withoutPatterns(value);
  }
  return out;
}

function validatorFor(tool: Pick<BoundTool, "name" | "inputSchema">): ValidateFunction {
  const key = JSON.stringify(tool.inputSchema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = compile(withoutPatterns(tool.inputSchema) as Record<string, unknown>);
    } catch (error) {
      throw new Error(`The input schema of ${tool.name} is not usable JSON Schema (${(error as Error).message}); the skill's author has to fix it.`);
    }
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/** "/rows/0/name" → "rows[0].name"; "" → "" (the arguments as a whole). */
function fieldName(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), "");
}

function describeError(error: ErrorObject): string {
  const at = fieldName(error.instancePath);
  const child = (name: string) => (at ? `${at}.${name}` : name);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") return `"${child(String(params.missingProperty))}" is required`;
  if (error.keyword === "additionalProperties") return `"${child(String(params.additionalProperty))}" is not a known argument`;
  if (error.keyword === "enum" && Array.isArray(params.allowedValues))
    return `${at ? `"${at}"` : "the arguments"} must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  return `${at ? `"${at}"` : "the arguments"} ${error.message ?? "is not valid"}`;
}

/**
 * Why `args` do not fit the tool's input schema, in words for the model (each field named with its
 * problem), or null when they do. Arguments the model left out entirely count as `{}`.
 */
export function toolArgumentsProblem(tool: Pick<BoundTool, "name" | "inputSchema">, args: unknown): string | null {
  const validate = validatorFor(tool);
  if (validate(args ?? {})) return null;
  const problems = [...new Set((validate.errors ?? []).map(describeError))];
  const shown = problems.slice(0, MAX_PROBLEMS).join("; ");
  const more = problems.length > MAX_PROBLEMS ? ` (and ${problems.length - MAX_PROBLEMS} more)` : "";
  return `The arguments for ${tool.name} do not match its input schema: ${shown}${more}. Call it again with arguments that do.`;
}
