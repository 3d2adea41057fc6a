import "./load-env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureAuthSecret } from "./db/local-env";
import { prepareDatabase } from "./db/prepare";
import { runScript } from "./db/run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await runScript(async () => {
  await ensureAuthSecret(root);
  await prepareDatabase();
});
