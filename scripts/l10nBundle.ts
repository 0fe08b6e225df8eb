// Writes l10n/bundle.l10n.json, the English source of every host and chat-view string, with
// @vscode/l10n-dev's extractor. The extractor only follows `l10n` imported from `vscode` or
// `@vscode/l10n`; the view's strings use the same `l10n.t(...)` from src/shared/l10n.ts and core's from
// src/core/l10n.ts, so those imports are presented to it as `@vscode/l10n` (in memory only) and all
// three land in one bundle.
//   npx tsx scripts/l10nBundle.ts          (also run by `npm run l10n`)
import fs from 'node:fs';
import path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';

const OWN_L10N_IMPORT = /(import\s+\*\s+as\s+l10n\s+from\s+)(['"])(?:\.\.?\/)+(?:src\/)?(?:shared\/|core\/)?l10n\2/g;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every string the code under `src/` passes to `vscode.l10n.t` or the view's `l10n.t`, keyed by itself. */
export async function extractBundle(root: string): Promise<Record<string, string>> {
  const files = sourceFiles(path.join(root, 'src')).map((file) => ({
    contents: fs.readFileSync(file, 'utf8').replace(OWN_L10N_IMPORT, "$1'@vscode/l10n'"),
    extension: path.extname(file),
  }));
  const extracted = await getL10nJson(files);
  return Object.fromEntries(Object.entries(extracted).map(([key, value]) => [key, typeof value === 'string' ? value : value.message]));
}

if (require.main === module) {
  const root = path.join(__dirname, '..');
  void extractBundle(root).then((bundle) => {
    fs.mkdirSync(path.join(root, 'l10n'), { recursive: true });
    fs.writeFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), `${JSON.stringify(bundle, null, 2)}\n`);
    console.log(`l10n/bundle.l10n.json: ${Object.keys(bundle).length} strings; translate the new ones in l10n/bundle.l10n.zh-cn.json`);
  });
}
