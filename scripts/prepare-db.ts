import "../server/load-env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureAuthSecret } from "../server/db/local-env";
import { prepareDatabase } from "../server/db/prepare";
import { runScript } from "../server/db/run";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await runScript(async () => {
  await ensureAuthSecret(root);
  await prepareDatabase();
});
