// The workbench's side bar at a given width, and what of the chat view sticks out of it: shared by the
// specs that look at the chat in a narrow and a normal side bar.
import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { sideScrollProblems } from '../support/sideScrollProblems';

/**
 * Drags the side bar's sash until the side bar is `width` px wide (the way a user does; VS Code keeps no
 * setting for it), and asserts the width it got.
 */
export async function setSideBarWidth(page: Page, width: number): Promise<void> {
  const sideBar = page.locator('.part.sidebar');
  const box = (await sideBar.boundingBox())!;
  const edge = box.x + box.width;
  // The sash on the side bar's right edge: of the vertical sashes, the one centred nearest that edge.
  const sashes = await page.locator('.monaco-sash.vertical').evaluateAll((all) => all.map((s) => s.getBoundingClientRect()).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2, height: r.height })));
  const sash = sashes.filter((s) => s.height > 100).sort((a, b) => Math.abs(a.x - edge) - Math.abs(b.x - edge))[0]!;
  await page.mouse.move(sash.x, sash.y);
  await page.mouse.down();
  await page.mouse.move(sash.x + (box.x + width - edge) / 2, sash.y, { steps: 4 });
  await page.mouse.move(box.x + width + (sash.x - edge), sash.y, { steps: 4 });
  await page.mouse.up();
  const now = (await sideBar.boundingBox())!.width;
  assert.ok(Math.abs(now - width) <= 2, `the side bar is ${now} px wide, not ${width}`);
}

/** What of the chat sticks out of its view, as in the webview cases (test/webview/chrome.cases.ts). */
export async function overflowing(chat: FrameLocator): Promise<string[]> {
  return chat.locator('body').evaluate(sideScrollProblems);
}
