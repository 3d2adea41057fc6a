import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Imports point one way: app -> components -> lib/actions -> lib/data -> lib/skills (STYLE.md §1).
const layerZones = [
  { target: "./lib/skills", from: ["./lib/data", "./lib/actions", "./lib/auth", "./components", "./app", "./lib/generated", "./lib/env.ts"], message: "lib/skills is pure domain code: no data layer, UI, Prisma or env." },
  { target: "./lib/playground", from: ["./lib/data", "./lib/actions", "./lib/auth", "./components", "./app", "./lib/generated", "./lib/env.ts"], message: "lib/playground is pure domain code." },
  { target: "./lib/data", from: ["./lib/actions", "./components", "./app"], message: "The data layer must not depend on actions or UI." },
  { target: "./lib/actions", from: ["./components", "./app"], message: "Actions must not depend on UI." },
  { target: "./components", from: ["./app", "./lib/data", "./lib/generated"], message: "Components get data as props; only server pages call lib/data." },
  { target: "./components/ui", from: ["./lib/skills", "./lib/actions", "./lib/playground", "./components/skills", "./components/shell"], message: "UI primitives hold no domain code." },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ["node_modules/**", ".next/**", ".next-*/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "e2e/.tmp/**", "data/**"],
  },
  {
    settings: { "import/resolver": { typescript: { project: "./tsconfig.json" } } },
    rules: {
      "import/no-restricted-paths": ["error", { zones: layerZones }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/skills/**", "lib/playground/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["next", "next/*", "react", "react-dom", "@prisma/*", "@/lib/generated/*"], message: "Pure domain code: no Next, React or Prisma." }] }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Only lib/env.ts reads process.env." }],
    },
  },
];

export default config;
