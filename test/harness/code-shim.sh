#!/bin/sh
# Stand-in "VS Code executable" for @vscode/test-electron's runTests (vscodeExecutablePath) where no desktop
# VS Code is installed: runs the tests in code-server's extension host (see extensionTestRunner.ts).
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TMPDIR="$ROOT/test-results/tmp"
export TMPDIR
mkdir -p "$TMPDIR"
exec node "$ROOT/node_modules/tsx/dist/cli.mjs" "$HERE/extensionTestRunner.ts" "$@"
