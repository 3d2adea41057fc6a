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
# 730 MB in bench:load) with nothing of ours holding on to it. 256 MB makes it collect instead.
# The young generation: V8's default let it grow to about 60 MB of committed memory; 8 MB semi-spaces
# keep it at 16 MB and free the short-lived buffers of each response (Next's HTML and payload
# pieces, whose memory is malloc's) sooner. bench:load: 35-45 MB less resident; per page view
# 0.3-1 ms more CPU in side-by-side runs (more frequent scavenges), within this VM's noise.
# A --max-old-space-size or --max-semi-space-size of your own in NODE_OPTIONS wins.
case " ${NODE_OPTIONS:-} " in
  *--max-old-space-size*) ;;
  *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=256" ;;
esac
case " ${NODE_OPTIONS:-} " in
  *--max-semi-space-size*) ;;
  *) NODE_OPTIONS="$NODE_OPTIONS --max-semi-space-size=8" ;;
esac
# glibc's malloc keeps freed memory in the process: in an arena per thread that allocates (libuv's
# threads compress every response), and in the middle of its heap, where only a trim hands pages
# back (it trims the top alone). Two arenas, and buffers of 16 KiB and up (a response's gzip
# output, Next's HTML pieces) mapped on their own so that freeing one returns its pages: with
# 128 KiB the heap stayed at 110-120 MB after bench:load, with 16 KiB at 73-75 MB.
# No NODE_COMPILE_CACHE here: Node's compile cache made a restart 0.4-0.9 s faster but keeps every
# cached entry in memory for the life of the process (24 MB in bench:load); set it yourself to
# trade memory for start time.
export NODE_OPTIONS NODE_ENV=production NEXT_TELEMETRY_DISABLED="${NEXT_TELEMETRY_DISABLED:-1}" \
  MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-16384}"
cd "$root"
# SQLite: the server opens the file for its health check. PostgreSQL: it reads DATABASE_URL as the
# app does, so the URL and its password stay out of the process list.
set -- --port "$port" --hostname "$hostname"
[ -z "$database" ] || set -- "$@" --database "$database"
exec "$node" "$root/server/serve.mjs" "$@"
