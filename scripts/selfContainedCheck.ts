// Proves the repository is self-contained: its files (those git tracks, plus new ones it does not ignore)
// are copied into an empty folder of the system's temporary directory, far from this checkout and from
// anything lying beside it, and the unit suite runs there. A test that reads a path outside the
// repository fails here even when the path happens to exist beside the developer's checkout.
// node_modules is linked, not installed again: it is what `npm ci` made from the committed lock file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../test/harness/toolPaths';

// The system's own temporary folder, not $TMPDIR: `npm test` points $TMPDIR inside the checkout.
const systemTmp = fs.existsSync('/tmp') ? '/tmp' : path.join(repoRoot, 'test-results');

function trackedFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((file) => file !== '' && fs.existsSync(path.join(repoRoot, file)));
}

function main(): number {
  const outer = fs.mkdtempSync(path.join(systemTmp, 'svc-self-contained-'));
  const copy = path.join(outer, 'repo');
  try {
    for (const file of trackedFiles()) {
      const target = path.join(copy, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, file), target);
    }
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    console.log(`self-contained: ${copy} holds only the repository's files; running the unit suite there`);
    const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const run = spawnSync(process.execPath, [mocha, '--reporter', 'dot', 'test/unit/**/*.test.ts'], { cwd: copy, stdio: 'inherit' });
    return run.status ?? 1;
  } finally {
    fs.rmSync(outer, { recursive: true, force: true });
  }
}

process.exit(main());
