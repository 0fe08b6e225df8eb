// Headless Debian Chromium driven by playwright-core (from the project's devDependencies; no browser download).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, chromiumTempDir, isolatedEnv } from './toolPaths';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses.
const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Playwright runs Chromium in its own process group and kills that group on close and on exit/Ctrl-C. */
export async function launchBrowser(runDir: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const tmp = chromiumTempDir();
  const removeTmp = () => fs.rmSync(tmp, { recursive: true, force: true });
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(path.join(runDir, 'chromium-profile'), {
      executablePath: chromiumPath(),
      headless: true,
      args: chromiumArgs,
      viewport: { width: 1400, height: 900 },
      colorScheme: options.colorScheme ?? 'light',
      env: isolatedEnv(runDir, { TMPDIR: tmp }) as Record<string, string>,
    });
  } catch (error) {
    removeTmp();
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: () => context.close().finally(removeTmp) };
}
