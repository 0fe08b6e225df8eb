// A sent message as a person sees it in VS Code (light theme): a workspace file attached from the
// picker and an image pasted into the message box stay in the message once sent, as a chip and a
// thumbnail; the reply carries one short usage line and the conversation's total waits in the header.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { extensionId, themes, useVsCode } from './vscodeSession';

/** A small PNG (a colour gradient), so the thumbnail shows a picture rather than a dot. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([Math.round((255 * x) / width), 120, Math.round((255 * y) / height)], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

for (const theme of themes.filter((t) => t.name === 'light')) {
  describe(`svc messages: attachments kept, quiet usage (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme);
    const chat = () => vscode.workbench.webviewView(extensionId);

    it('keeps the file chip and the image thumbnail in the sent message, under a reply with one short usage line', async () => {
      fs.writeFileSync(path.join(vscode.workspace, 'notes.md'), '# Notes\n\nThe release is on Friday.\n');
      await vscode.workbench.runCommand('svc: Focus Chat');
      const input = chat().getByTestId('composer-input');
      await input.waitFor({ timeout: 30_000 });
      await chat().getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
      await chat().getByTestId('model-picker').selectOption('svc-k2.5');

      await chat().locator('[data-action="attach-workspace-files"]').click();
      const quick = vscode.workbench.page.locator('.quick-input-widget .quick-input-box input');
      await quick.waitFor({ timeout: 15_000 });
      await quick.fill('notes.md');
      // Several files can be picked: a click ticks the file, Enter takes the ticked ones.
      await vscode.workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: 'notes.md' }).first().click({ timeout: 15_000 });
      await quick.press('Enter');
      await chat().getByTestId('attachment-chip').filter({ hasText: 'notes.md' }).and(chat().locator('[data-status="ok"]')).waitFor({ timeout: 30_000 });

      // A pasted image, as the clipboard hands it to the message box.
      const png = gradientPng(96, 64).toString('base64');
      await input.evaluate((box, data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'sketch.png', { type: 'image/png' }));
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      }, png);
      await chat().getByTestId('attachment-chip').filter({ hasText: 'sketch.png' }).and(chat().locator('[data-status="ok"]')).waitFor({ timeout: 30_000 });

      await input.fill('What do these two files show?');
      await input.press('Enter');
      const reply = chat().locator('[data-role="assistant"][data-status="complete"]').last();
      await reply.waitFor({ timeout: 60_000 });
      assert.equal(await input.evaluate((box) => box.ownerDocument.activeElement === box), true, 'the focus stays in the message box after sending');

      const sent = chat().locator('[data-testid="message"][data-role="user"]').last();
      assert.equal(await sent.getByTestId('sent-attachment').filter({ hasText: 'notes.md' }).count(), 1, 'the file chip stays');
      const thumbnail = sent.getByTestId('sent-image').locator('img');
      assert.equal(await thumbnail.getAttribute('alt'), 'sketch.png');
      assert.equal(await thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 96), true, 'the image is drawn');
      assert.equal(await chat().getByTestId('attachment-chip').count(), 0, 'the composer is empty again');

      const usage = reply.getByTestId('usage-line');
      assert.match((await usage.innerText()) ?? '', /^(\$[\d.]+)?$/, 'no token figure beside the reply');
      assert.match((await usage.getAttribute('aria-label')) ?? '', /^Usage: \d+(\.\d)?k? tokens\. /);
      assert.match((await usage.getAttribute('title')) ?? '', /^Prompt: [\d,]+ tokens, [\d,]+ cached\nCompletion: /);
      assert.match((await chat().getByTestId('conversation-totals').getAttribute('title')) ?? '', /^Conversation total: \d+(\.\d)?k? tokens\n/);
      await chat().locator('[data-role="assistant"]').last().hover();
      await vscode.workbench.screenshot('messages-01-attachments-and-usage');
    });
  });
}
