// `npm run bench`: runs every bench/*.bench.ts through tsx, one after another, and fails if any fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matched ${only.join(' ') || '(all)'}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${run.status ?? run.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
