// A skill that binds one tool, as text files keyed by path (the data-layer tests read it into a
// bundle, the browser tests zip it). Wegent's top-level `tools` list, which passes the validator
// today; `metadata.tools` is read the same way (lib/skills/format/bound-tools.ts).

export const LOOKUP_ORDER_TOOLS = `tools:
  - name: lookup_order
    description: Look up one order by its id.
    script: scripts/lookup_order.py
    input_schema:
      type: object
      properties:
        order_id: { type: string }
      required: [order_id]
`;

/** `name`'s files: SKILL.md with `frontmatter` after name and description, and the tool's script unless left out. */
export function boundToolSkillFiles(name: string, frontmatter = LOOKUP_ORDER_TOOLS, withScript = true): Record<string, string> {
  const md = `---\nname: ${name}\ndescription: Answers questions about customer orders for the ${name} demo. Use when the user asks about an order.\n${frontmatter}---\n\n# ${name}\n\nLook the order up, then answer in one sentence.\n`;
  return {
    [`${name}/SKILL.md`]: md,
    ...(withScript ? { [`${name}/scripts/lookup_order.py`]: "import json, sys\nprint(json.dumps(json.load(sys.stdin)))\n" } : {}),
  };
}
