import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Imports point one way (docs/architecture.md#layers):
//   app -> components -> lib/actions -> lib/data -> lib/auth -> lib/db -> lib/env.ts
//   app (route handlers) -> lib/http -> lib/data;  app (route handlers) -> lib/mcp -> lib/data;  lib/actions, lib/http -> lib/ai
//   lib/data, lib/http, lib/actions, lib/ai, components -> lib/types -> lib/playground -> lib/skills
// and inside lib/skills: upload -> vetting -> scan -> archive -> format; diff, draft -> format;
// vetting -> permissions. Each zone below names what its folder must not import. Tests (TESTS) may
// reach further to build what they check (a route handler, a read bundle, a database): each zone
// says what, in `testsMay`; nothing else may import test support.

const UI = ["./app", "./components"];
const TOOLS = ["./scripts", "./bench", "./e2e", "./prisma"];
// Programs of their own that people run: the production server (`npm start`) and the CLIs (the
// checkout's `npm run skills`, the sync CLI the app serves). They import lib; like the tools,
// nothing in lib imports them.
const PROGRAMS = ["./server", "./cli"];
const ABOVE_LIB = [...TOOLS, ...PROGRAMS];
const TEST_SUPPORT = ["./lib/test", "./lib/skills/test-helpers", "./lib/playground/test-helpers.ts", "./lib/skills/scan/fixtures", "./lib/sandbox/test-kit.ts"];
const TESTS = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "lib/test/**",
  "lib/skills/test-helpers/**",
  "lib/playground/test-helpers.ts",
  "lib/skills/scan/fixtures/**",
  "lib/sandbox/test-kit.ts",
];
const SERVER = [
  "./lib/data",
  "./lib/actions",
  "./lib/http",
  "./lib/auth",
  "./lib/storage",
  "./lib/db",
  "./lib/ai",
  "./lib/generated",
  "./lib/env.ts",
  "./lib/mcp",
];

// lib/skills subdomains and the ones each may import (a subdomain is ./lib/skills/<name>).
const SKILLS = {
  format: [], // SKILL.md parsing, validation, names, tokens, links, paths, limits, media types: isomorphic
  permissions: [], // who may do what; name spaces; profile references; the manage dialog's forms
  list: [], // the skill list's URL state and links, full-text search queries and highlights
  versions: [], // version history: prune plans, the history page's forms
  archive: ["format"], // ZIP/tar reading and writing, bundles, digests, the install command
  diff: ["format"], // text and SKILL.md diffs (editor and history)
  draft: ["format"], // the editor's unsaved work and its save request
  scan: ["format", "archive"], // the security scanner (archive: the BundleSkill type only, see scan/isomorphic.test.ts)
  vetting: ["scan", "permissions"], // security vetting: what the store does with a scan result; the Security tab's forms
  upload: ["archive", "format", "vetting"], // what one upload holds, its plan and its request fields
  clawhub: [], // the ClawHub registry protocol in our terms: version labels, tags, owner handles, fingerprints
  usage: [], // usage events: channels, days, rollup arithmetic, analytics query input
};
const SKILLS_ALL = Object.keys(SKILLS).map((name) => `./lib/skills/${name}`);
const PURE = [...SERVER, "./lib/types", ...UI, ...ABOVE_LIB];

// lib/data's feature folders, lowest first. A folder may import its own layer and the ones below;
// importing a folder above is refused. Code outside lib/data enters a folder by its front door
// (lib/data/<folder>/index.ts, the rule for that is below the zones); tests reach any module.
const DATA_LAYERS = [
  ["errors", "core"], // the data layer's error (a leaf: importing it loads no database); the viewer and access checks, JSON columns, review-policy facts, batching
  ["platform"], // job queue, blob storage and its collector, health, secrets at rest
  ["notifications"], // the audit log's writer and what it notifies
  ["proposals", "vetting", "profiles"], // opening review requests; security vetting; agent profiles
  ["intake"], // every way a skill comes in: read, validate, plan, scan, gate, write
  ["skills", "teams", "admin", "accounts"],
  ["reviews", "editor", "sources", "usage", "distribution"],
  ["playground"],
  ["background"], // the jobs and their handlers: reaches every feature
];
const DATA_FOLDERS = DATA_LAYERS.flat().map((name) => `./lib/data/${name}`);
const dataLayerZones = DATA_LAYERS.flatMap((layer, i) =>
  layer.map((name) => ({
    target: `./lib/data/${name}`,
    deny: DATA_LAYERS.slice(i + 1)
      .flat()
      .map((above) => `./lib/data/${above}`),
    testsMay: DATA_FOLDERS,
    message: `lib/data/${name} may import only its own layer of the data layer and the ones below (${DATA_LAYERS.slice(0, i + 1)
      .map((l) => l.join("/"))
      .join(" < ")}): a feature above it calls it, not the other way round.`,
  })),
);

/** target may not import `deny`; tests in target may still import `testsMay`. */
const zones = [
  ...dataLayerZones,
  ...Object.entries(SKILLS).map(([name, allowed]) => ({
    target: `./lib/skills/${name}`,
    deny: [...PURE, "./lib/playground", ...SKILLS_ALL.filter((s) => s !== `./lib/skills/${name}` && !allowed.includes(s.slice("./lib/skills/".length)))],
    testsMay: [...SKILLS_ALL, "./cli"],
    message: `lib/skills/${name} is pure domain code (no server layers, UI, Prisma or env) and ${allowed.length ? `may import only ${allowed.map((s) => `lib/skills/${s}`).join(", ")} of lib/skills` : "imports no other part of lib/skills"}.`,
  })),
  { target: "./lib/playground", deny: PURE, message: "lib/playground is pure domain code: it may import lib/skills, never lib/types or the server layers." },
  {
    target: "./lib/types",
    deny: [...SERVER, ...UI, ...ABOVE_LIB],
    message: "lib/types are the shapes the server and the client exchange: built from lib/skills and lib/playground only.",
  },
  {
    target: "./lib/env.ts",
    deny: ["./lib"],
    except: ["./auth/client-address.ts", "./skills/format/limits.ts"],
    message: "lib/env.ts sits below everything: it may use only pure leaf modules (client-address, limits).",
  },
  { target: ["./lib/display.ts", "./lib/utils.ts"], deny: ["./lib", ...UI], message: "Presentation helpers import nothing of the app." },
  {
    target: "./lib/labels.ts",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    except: ["./skills/permissions", "./display.ts"],
    message: "Labels name the rules' terms: they may import lib/skills/permissions and lib/display.ts, nothing else of the app.",
  },
  {
    target: "./lib/storage",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    // Their tests may start the S3-compatible test server (a leaf: it imports only s3rver).
    except: ["./storage", "./test/s3-server.ts"],
    message: "Blob stores know nothing of skills, the database or the app.",
  },
  {
    target: "./lib/jobs",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    // test: only tests reach it (test support stays denied to the rest by TEST_SUPPORT).
    except: ["./jobs", "./test"],
    message: "The job queues know nothing of the app: lib/data/background/index.ts names the jobs and gives them handlers.",
  },
  {
    target: "./lib/sandbox",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    except: ["./sandbox", "./display.ts"],
    message: "The sandbox runs commands: it knows nothing of skills, the database or the app (lib/display.ts words its sizes).",
  },
  {
    target: "./lib/sources",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    // test/git-repos.ts: only tests reach it (test support stays denied to the rest by TEST_SUPPORT).
    except: ["./sources", "./skills/archive/bundle.ts", "./skills/archive/digest.ts", "./display.ts", "./test/git-repos.ts"],
    message: "Sources fetch Git repositories and folders: they know nothing of the database or the app (the bundle reader's file shape and digests only).",
  },
  {
    target: "./lib/db",
    deny: [
      "./lib/data",
      "./lib/actions",
      "./lib/http",
      "./lib/auth",
      "./lib/storage",
      "./lib/ai",
      "./lib/types",
      "./lib/playground",
      "./lib/skills",
      ...UI,
      ...ABOVE_LIB,
    ],
    testsMay: ["./lib/test"],
    message: "lib/db is the Prisma client: it may import only lib/generated and lib/env.ts.",
  },
  {
    target: "./lib/auth",
    deny: [
      "./lib/data",
      "./lib/actions",
      "./lib/http",
      "./lib/storage",
      "./lib/ai",
      "./lib/types",
      "./lib/playground",
      "./lib/skills",
      "./lib/generated",
      ...UI,
      ...ABOVE_LIB,
    ],
    testsMay: ["./app", "./lib/actions", "./lib/test"],
    message: "lib/auth sits below the data layer: it may import lib/db and lib/env.ts, never lib/data.",
  },
  {
    target: "./lib/data",
    deny: ["./lib/actions", "./lib/http", "./lib/ai", ...UI, ...ABOVE_LIB],
    // http: a webhook's request is read there (lib/http/webhook-delivery.ts) before the data layer takes it.
    testsMay: ["./lib/test", "./lib/skills/test-helpers", "./lib/http"],
    message: "The data layer must not depend on actions, route helpers, models or UI.",
  },
  {
    target: "./lib/ai",
    deny: ["./lib/data", "./lib/actions", "./lib/http", "./lib/auth", "./lib/storage", "./lib/db", "./lib/generated", ...UI, ...ABOVE_LIB],
    message: "lib/ai builds models: it may import lib/playground, lib/types and lib/env.ts.",
  },
  {
    target: "./lib/http",
    deny: ["./lib/actions", ...UI, ...ABOVE_LIB],
    testsMay: ["./app", "./lib/test", "./lib/skills/test-helpers"],
    message: "Route-handler helpers must not depend on actions or UI.",
  },
  { target: "./lib/actions", deny: ["./lib/http", ...UI, ...ABOVE_LIB], message: "Actions must not depend on route helpers or UI." },
  {
    target: "./lib/mcp",
    deny: ["./lib/actions", "./lib/http", ...UI, ...ABOVE_LIB],
    testsMay: ["./app", "./lib/test"],
    message:
      "The MCP server sits on the data layer like the route helpers: no actions, route helpers or UI (the route authenticates and hands it the request).",
  },
  {
    target: PROGRAMS,
    deny: ["./scripts", "./bench", "./e2e", ...UI],
    testsMay: ["./app"],
    message: "The server and the CLIs are what people run: they build on lib (and the seed in prisma), never on the dev tools or the UI.",
  },
  { target: "./lib/test", deny: ["./lib/actions", "./lib/http", ...UI], message: "Test support builds databases and bundles, not requests." },
  {
    target: "./components",
    deny: ["./app", "./lib/data", "./lib/db", "./lib/storage", "./lib/generated"],
    message: "Components get data as props; only server pages call lib/data.",
  },
  {
    target: ["./components", "./app/(app)", "./app/(auth)", "./app/layout.tsx", "./app/not-found.tsx"],
    deny: ["./lib/http", "./lib/mcp"],
    message:
      "Pages and components do not reach into the route helpers or the MCP server: what both sides need lives in lib/types, lib/skills or a small lib module.",
  },
  {
    target: "./lib/audit-query.ts",
    deny: ["./lib", ...UI, ...ABOVE_LIB],
    except: ["./types"],
    message: "The audit filters' URL state is pure: it may import lib/types, nothing else of the app.",
  },
  {
    target: "./components/ui",
    deny: ["./lib/skills", "./lib/actions", "./lib/playground", "./components/skills", "./components/shell"],
    message: "UI primitives hold no domain code.",
  },
];

const toRule = (forTests) =>
  zones.map(({ target, deny, except, testsMay = [], message }) => {
    const from = forTests ? deny.filter((d) => !testsMay.includes(d)) : [...deny, ...TEST_SUPPORT.filter((t) => ![target].flat().some((x) => t.startsWith(x)))];
    return { target, from, ...(except ? { except } : {}), message };
  });

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".next-*/**",
      "lib/generated/**",
      "bench/.tmp/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "e2e/.tmp/**",
      "data/**",
    ],
  },
  {
    settings: { "import/resolver": { typescript: { project: "./tsconfig.json" } } },
    rules: {
      "import/no-restricted-paths": ["error", { zones: toRule(false) }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: TESTS,
    rules: { "import/no-restricted-paths": ["error", { zones: toRule(true) }] },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    // Type-only imports are skipped (bundle.ts and its two halves share types both ways). Not
    // parsing node_modules and the generated Prisma client for it keeps lint ~6 s slower instead of ~2 min.
    settings: { "import/ignore": ["node_modules", "lib/generated"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Outside lib/data a feature folder is entered by its front door, so a folder's inside can change
    // without its callers. Tests, test support and benchmarks reach modules to build what they measure;
    // the CLIs and the server's start-up run outside Next and load only the modules they use (a front
    // door would load the session's Next imports with them).
    files: ["**/*.{ts,tsx}"],
    ignores: ["lib/data/**", ...TESTS, "bench/**", "e2e/**", "scripts/**", "server/**", "cli/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/data/*/*", "**/lib/data/*/*"],
              message: "Import a lib/data feature folder by its front door (@/lib/data/<folder>), which lists what it offers outside lib/data.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/skills/**", "lib/playground/**", "lib/types/**", "lib/auth/token-inputs.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*", "react", "react-dom", "@prisma/*", "@/lib/generated/*"], message: "Pure domain code: no Next, React or Prisma." },
          ],
        },
      ],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Only lib/env.ts reads process.env." }],
    },
  },
];

export default config;
