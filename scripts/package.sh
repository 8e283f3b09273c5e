#!/usr/bin/env bash
# `npm run package`: builds the bundles, then packages ewebench-studio-<version>.vsix with vsce. vsce is installed
# on first use into .e2e/vsce (ignored by git; E2E_DIR moves it), alone: nothing the e2e suite needs (code-server,
# Chromium, Node 24) is installed here. Extra arguments go to `vsce package` (e.g. `--out DIR`).
set -euo pipefail
cd "$(dirname "$0")/.."
E2E="${E2E_DIR:-$PWD/.e2e}"
# The one vsce version of the project; scripts/e2e/setup.sh reads it from here.
VSCE_VERSION=3.9.2

npm run build

VSCE_DIR="$E2E/vsce"
if [ ! -f "$VSCE_DIR/.installed" ] || [ "$(cat "$VSCE_DIR/.installed")" != "$VSCE_VERSION" ]; then
  echo "package: installing @vscode/vsce@$VSCE_VERSION into $VSCE_DIR"
  rm -rf "$VSCE_DIR" && mkdir -p "$VSCE_DIR" && echo '{"private":true}' > "$VSCE_DIR/package.json"
  (cd "$VSCE_DIR" && npm install --no-save --no-audit --no-fund --loglevel=error "@vscode/vsce@$VSCE_VERSION")
  echo "$VSCE_VERSION" > "$VSCE_DIR/.installed"
fi

# Without a `repository` in package.json, vsce cannot make the README's relative links absolute: they stay
# relative, and .vscodeignore ships the files they name (test/docs.test.ts checks it).
flags=(--no-dependencies --skip-license)
if [ -z "$(node -p "require('./package.json').repository ?? ''")" ]; then
  flags+=(--allow-missing-repository --no-rewrite-relative-links)
fi
node "$VSCE_DIR/node_modules/@vscode/vsce/vsce" package "${flags[@]}" "$@"
