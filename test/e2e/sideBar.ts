// The workbench's side bar at a given width, and what of the chat view sticks out of it: shared by the
// specs that look at the chat in a narrow and a normal side bar.
import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';

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
  return chat.locator('body').evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`the view scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const message of document.querySelectorAll('[data-testid="message"]')) {
      if (message.scrollWidth > message.clientWidth + 1) problems.push(`a ${message.getAttribute('data-role') ?? ''} message scrolls sideways: ${message.scrollWidth} > ${message.clientWidth}`);
    }
    for (const element of document.querySelectorAll('.chat *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // What shows of it: an ancestor that clips (a label cut with an ellipsis) hides the rest on purpose.
      const rect = { left: box.left, right: box.right };
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        rect.left = Math.max(rect.left, clip.left);
        rect.right = Math.min(rect.right, clip.right);
      }
      const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      if (rect.left < -0.5 || rect.right > width + 0.5) problems.push(`${name} spans ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}`);
      const style = getComputedStyle(element);
      const clipsContent = style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis' && !(element instanceof HTMLTextAreaElement);
      if (clipsContent && element.scrollWidth > element.clientWidth + 1) problems.push(`${name} hides ${element.scrollWidth - element.clientWidth}px sideways`);
    }
    return problems;
  });
}
