# syntax=docker/dockerfile:1
# One image for every instance (docs/guides/deployment.md). Build it once and run it N times: every
# replica then carries the same build, whose server actions any other replica accepts.
#   docker compose build     (docker-compose.yml passes NEXT_SERVER_ACTIONS_ENCRYPTION_KEY as a build secret)
#   docker build --secret id=actions_key,env=NEXT_SERVER_ACTIONS_ENCRYPTION_KEY -t skillshelf .

# Node 26, the Active LTS (docs/guides/running.md#nodejs-versions-and-npm-start). No compiler: better-sqlite3 13's npm package
# carries prebuilt binaries for linux x64/arm64.
FROM node:26-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a source change reuses this layer. postinstall generates both Prisma
# clients, which needs the schemas and prisma.config.ts (and what that imports).
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY server/db/external-tables.ts ./server/db/
COPY scripts/schema-engine-stub.sh ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
# The server actions' key is the build's (it also salts the actions' ids) and the runtime's: the
# same value here and in every instance's environment. A build secret, so it stays out of the image.
RUN --mount=type=secret,id=actions_key \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(cat /run/secrets/actions_key 2>/dev/null || true)" \
    NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 npx next build

FROM node:26-bookworm-slim
# bubblewrap runs skill scripts in the playground; Docker's default seccomp profile refuses the
# user namespaces it needs, and the playground then says so and offers no skill_run.
RUN apt-get update && apt-get install -y --no-install-recommends bubblewrap && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# The build's fingerprint (sources' sizes and times, as copied here) tells `npm start`
# (server/start.sh) that the build is current, so a replica never rebuilds at start; and the
# prepared copy of Next.js's runtimes (server/next-runtime.mjs) is made here once, not at each start.
RUN npx tsx -e 'import("./server/build-if-needed.ts").then(async (m) => { await m.recordBuild(process.cwd()); await m.prepareRuntimes(process.cwd()); })'
USER node
ENV NODE_ENV=production HOSTNAME=0.0.0.0 PORT=3000 NEXT_TELEMETRY_DISABLED=1
EXPOSE 3000
# server/start.sh migrates (one instance at a time, under a PostgreSQL advisory lock), syncs the
# built-ins, seeds the demo into an empty database, then becomes the server (exec): SIGTERM drains it.
CMD ["sh", "server/start.sh"]
