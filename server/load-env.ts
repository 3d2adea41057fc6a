// Scripts see the same settings as `next start`, which reads .env.local before .env.
import { config } from "dotenv";

config({ path: [".env.local", ".env"], quiet: true });
