// Renders the store icon, media/icon.png (256×256, transparent corners), from media/icon.svg in headless
// Chromium (the one the tests use), so the committed PNG can be made again after the SVG changes:
//   npx tsx scripts/renderIcon.ts
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../test/harness/browser';
import { makeRunDir, repoRoot, resultsDir } from '../test/harness/toolPaths';

const SIZE = 256;

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(repoRoot, 'media', 'icon.svg'), 'utf8');
  const runDir = makeRunDir(path.join(resultsDir, 'runs'), 'icon');
  const browser = await launchBrowser(runDir);
  try {
    await browser.page.setViewportSize({ width: SIZE, height: SIZE });
    await browser.page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await browser.page.locator('svg').screenshot({ omitBackground: true });
    fs.writeFileSync(path.join(repoRoot, 'media', 'icon.png'), png);
    console.log(`media/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
  } finally {
    await browser.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
