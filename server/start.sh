#!/bin/sh
# `npm start`. The preparation (auth secret, migrations, demo data, a build when the sources
# changed) runs in a Node child that exits; then this shell *becomes* the server (exec), so no
# process stays alive beside it and a process manager or `npm start` sees the server's own end:
# a death by signal (kill -9, SIGBUS) is reported as one (exit 128 + the signal's number through
# npm or a shell), and SIGTERM or SIGINT stops it cleanly with exit 0 after the requests in flight.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
node=${npm_node_execpath:-node}
plan=$(mktemp "${TMPDIR:-/tmp}/skillshelf-start.XXXXXX")
trap 'rm -f "$plan"' EXIT

# A signal sent while the preparation runs stops it too (a migration is a transaction, so it is
# rolled back or complete, never half-applied).
SKILLSHELF_START_PLAN=$plan "$root/node_modules/.bin/tsx" --conditions react-server "$root/server/start-prepare.ts" &
prepare=$!
trap 'kill -TERM "$prepare" 2>/dev/null' INT TERM
status=0
wait "$prepare" || status=$?
# wait returns early when a trapped signal arrives: wait again for the child's own end.
while kill -0 "$prepare" 2>/dev/null; do wait "$prepare" || status=$?; done
trap - INT TERM
[ "$status" -eq 0 ] || exit "$status"

# port=, hostname=, database= (shell-quoted by start-prepare.ts; database is empty on PostgreSQL)
. "$plan"
rm -f "$plan"
trap - EXIT

# V8 sizes its old space from the machine's memory (about 4 GB on a 24 GB host) and collects
# lazily below that, so the server's resident size kept climbing over a thousand page views (to
# 730 MB in bench:load) with nothing of ours holding on to it. 256 MB makes it collect instead;
# a --max-old-space-size of your own in NODE_OPTIONS wins.
case " ${NODE_OPTIONS:-} " in
  *--max-old-space-size*) ;;
  *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=256" ;;
esac
# glibc's malloc keeps freed memory in the process: in an arena per thread that allocates (libuv's
# threads compress every response), and, once a large buffer has been freed, in the heap for every
# later one up to 32 MB (its threshold for mapping a buffer of its own rises as it goes). Two
# arenas and a fixed 128 KiB threshold, so that page-sized buffers are handed back when freed,
# kept the server 40-60 MB smaller in bench:load at the same throughput.
# Node keeps the code it compiled for the server's modules (Next.js's and the build's chunks) on
# disk: a start after the first compiles none, and the server answered its first health check in
# 0.8-0.9 s instead of 1.7-2.0 s. In the build's folder, so each build starts a fresh cache
# (`next build` clears that folder but for its cache/) instead of piling up old chunks' code; a
# folder that cannot be written just means no cache.
NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$root/${NEXT_DIST_DIR:-.next}/node-compile-cache}
export NODE_COMPILE_CACHE NODE_OPTIONS NODE_ENV=production NEXT_TELEMETRY_DISABLED="${NEXT_TELEMETRY_DISABLED:-1}" \
  MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
cd "$root"
# SQLite: the server opens the file for its health check. PostgreSQL: it reads DATABASE_URL as the
# app does, so the URL and its password stay out of the process list.
set -- --port "$port" --hostname "$hostname"
[ -z "$database" ] || set -- "$@" --database "$database"
exec "$node" "$root/server/serve.mjs" "$@"
