// Attachments in the composer (chips, drop, paste, the vision warning), each reply's cost on its usage
// line, and the lasting file notices.
import assert from 'node:assert/strict';
import type { AttachmentChipView, HostMessage } from '../../src/shared/protocol';
import { CONVERSATION_ID, content, conversation, finished, initMessage, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

function chip(id: string, name: string, status: AttachmentChipView['status'], extra: Partial<AttachmentChipView> = {}): AttachmentChipView {
  return { id, name, size: 2048, sizeLabel: '2.0 KB', kind: status === 'uploading' ? null : 'text', status, ...extra };
}

function attachments(...chips: AttachmentChipView[]): HostMessage {
  return { type: 'attachments', chips };
}

/** A 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const attachmentCases: WebviewCase[] = [
  {
    name: 'attachment chips show name, size and upload status (uploading, ok, error with the details) and are removable',
    page: 'strict',
    async run(chat) {
      const chips = chat.page.locator('[data-testid="attachment-chip"]');
      assert.equal(await chat.page.locator('[data-testid="attachment-list"]').isVisible(), false, 'no chips, no list');
      await chat.play([attachments(chip('a1', 'src/app.ts', 'uploading'))]);
      assert.equal(await chips.count(), 1);
      assert.equal(await chips.first().getAttribute('data-status'), 'uploading');
      assert.equal(await chips.first().getAttribute('aria-busy'), 'true');
      assert.match(await chips.first().textContent() ?? '', /src\/app\.ts.*2\.0 KB.*uploading/);

      await chat.play([
        attachments(
          chip('a1', 'src/app.ts', 'ok'),
          chip('a2', 'scan.pdf', 'error', { kind: 'document', statusDetails: 'Failed to extract file: the PDF is encrypted' }),
        ),
      ]);
      assert.deepEqual(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), ['ok', 'error']);
      const failed = chips.nth(1);
      assert.match(await failed.locator('[data-testid="attachment-status"]').textContent() ?? '', /failed: Failed to extract file: the PDF is encrypted/);
      assert.match(await failed.getAttribute('title') ?? '', /scan\.pdf · 2\.0 KB · failed/);

      const remove = failed.getByRole('button', { name: 'Remove scan.pdf' });
      await remove.click();
      assert.deepEqual(await chat.waitForPosted('removeAttachment'), { type: 'removeAttachment', chipId: 'a2' });
      await chat.play([attachments(chip('a1', 'src/app.ts', 'ok'))]);
      assert.equal(await chips.count(), 1);
      await chat.play([attachments()]);
      assert.equal(await chips.count(), 0);
      assert.equal(await chat.page.locator('[data-testid="attachment-list"]').isVisible(), false, 'sent: the chips are gone');
    },
  },
  {
    name: 'files dropped on the composer (Shift+drop from the explorer) are sent to the host as their URIs',
    page: 'strict',
    async run(chat) {
      const prevented = await chat.page.evaluate(() => {
        const composer = document.querySelector('[data-testid="composer-input"]');
        if (!composer) throw new Error('no composer');
        const over = new DataTransfer();
        over.setData('text/uri-list', 'file:///work/a.ts');
        const dragover = new DragEvent('dragover', { dataTransfer: over, bubbles: true, cancelable: true });
        composer.dispatchEvent(dragover);
        const dropped = new DataTransfer();
        dropped.setData('text/uri-list', '# dragged from the explorer\r\nfile:///work/src/a.ts\r\nfile:///work/README.md\r\n');
        const drop = new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true });
        composer.dispatchEvent(drop);
        return { dragover: dragover.defaultPrevented, drop: drop.defaultPrevented };
      });
      assert.deepEqual(prevented, { dragover: true, drop: true }, 'the webview takes the drop instead of the page navigating');
      assert.deepEqual(await chat.waitForPosted('attachUris'), { type: 'attachUris', uris: ['file:///work/src/a.ts', 'file:///work/README.md'] });
    },
  },
  {
    name: "a drop of several explorer files reads VS Code's full list, not the one-entry text/uri-list",
    page: 'strict',
    async run(chat) {
      await chat.page.evaluate(() => {
        const composer = document.querySelector('[data-testid="composer-input"]');
        const dropped = new DataTransfer();
        dropped.setData('text/uri-list', 'file:///work/a.ts');
        dropped.setData('application/vnd.code.uri-list', 'file:///work/a.ts\r\nfile:///work/b.ts\r\nfile:///work/c.ts');
        composer?.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
        const tabs = new DataTransfer();
        tabs.setData('resourceurls', JSON.stringify(['file:///work/d.ts', 'file:///work/e.ts']));
        composer?.dispatchEvent(new DragEvent('drop', { dataTransfer: tabs, bubbles: true, cancelable: true }));
      });
      const drops = (await chat.posted()).filter((m) => m.type === 'attachUris').map((m) => m.uris);
      assert.deepEqual(drops, [
        ['file:///work/a.ts', 'file:///work/b.ts', 'file:///work/c.ts'],
        ['file:///work/d.ts', 'file:///work/e.ts'],
      ]);
    },
  },
  {
    name: 'a pasted image goes to the host as base64 with its type; pasted text stays in the draft',
    page: 'strict',
    async run(chat) {
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('look at this');
      const textPaste = await chat.page.evaluate(() => {
        const data = new DataTransfer();
        data.setData('text/plain', 'just text');
        const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        document.querySelector('[data-testid="composer-input"]')?.dispatchEvent(event);
        return event.defaultPrevented;
      });
      assert.equal(textPaste, false, 'a text paste is left to the textarea');
      const imagePaste = await chat.page.evaluate((base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
        const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        document.querySelector('[data-testid="composer-input"]')?.dispatchEvent(event);
        return event.defaultPrevented;
      }, PNG_BASE64);
      assert.equal(imagePaste, true);
      const pasted = await chat.waitForPosted('attachPasted');
      assert.deepEqual(pasted, { type: 'attachPasted', files: [{ name: 'image.png', mimeType: 'image/png', dataBase64: PNG_BASE64 }] });
      assert.equal(await input.inputValue(), 'look at this', 'the draft is untouched');
      assert.equal((await chat.posted()).filter((m) => m.type === 'attachPasted').length, 1);
    },
  },
  {
    name: 'the attach buttons ask the host for the workspace picker or the open dialog',
    page: 'strict',
    async run(chat) {
      await chat.page.getByRole('button', { name: 'Attach workspace files' }).click();
      assert.deepEqual(await chat.waitForPosted('pickAttachments'), { type: 'pickAttachments', from: 'workspace' });
      await chat.page.getByRole('button', { name: 'Attach images or files from disk' }).click();
      assert.deepEqual(await chat.waitForPosted('pickAttachments', 2), { type: 'pickAttachments', from: 'disk' });
    },
  },
  {
    name: 'an image on a model that cannot see: the composer says so, offers the vision model and does not send',
    page: 'strict',
    async run(chat) {
      const warning = chat.page.locator('[data-testid="vision-warning"]');
      const image = chip('i1', 'diagram.png', 'ok', { kind: 'image' });
      await chat.play([attachments(image)]);
      assert.equal(await warning.isVisible(), false, 'svc-k2.5 sees images');

      await chat.page.locator('[data-testid="model-picker"]').selectOption('svc-v1-8k');
      assert.equal(await warning.isVisible(), true);
      assert.match(await warning.textContent() ?? '', /svc-v1-8k cannot see images or videos \(diagram\.png\)/);
      assert.equal(await warning.getAttribute('role'), 'alert');

      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('what is in the picture?');
      await input.press('Enter');
      await chat.frames(2);
      assert.equal((await chat.posted()).some((m) => m.type === 'send'), false, 'nothing was sent');
      assert.equal(await input.inputValue(), 'what is in the picture?', 'the text is kept');

      await warning.getByRole('button', { name: 'Use svc-k2.5' }).click();
      assert.equal((await chat.waitForPosted('setModel', 2)).model, 'svc-k2.5');
      assert.equal(await warning.isVisible(), false);
      await chat.play([{ type: 'settings', settings: { ...initMessage().settings, model: 'svc-k2.5' } }]);
      await input.press('Enter');
      const sent = await chat.waitForPosted('send');
      assert.equal((sent.options as { model: string }).model, 'svc-k2.5');
    },
  },
  {
    name: "each reply's cost is beside its usage icon, its whole label in the tooltip and accessible name, and stays there when the conversation is shown again",
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'Hello'), finished('a1'), { type: 'replyCost', conversationId: CONVERSATION_ID, messageId: 'a1', label: '46 tokens (5 cached) · $0.00012', usd: 0.00012 }]);
      const usage = chat.lastAssistant().locator('.usage');
      assert.equal(await usage.innerText(), '$0.00012');
      assert.match(await usage.getAttribute('title') ?? '', /Prompt: 12 tokens, 5 cached\nCompletion: 34 tokens\nCost: 46 tokens \(5 cached\) · \$0\.00012$/);
      assert.match(await usage.getAttribute('aria-label') ?? '', /^Usage: 46 tokens\. Prompt: 12 tokens, 5 cached\. Completion: 34 tokens\. Cost: 46 tokens \(5 cached\) · \$0\.00012$/);
      await chat.play([
        {
          type: 'conversation',
          conversation: conversation([
            {
              id: 'a1',
              role: 'assistant',
              model: 'svc-k2.5',
              choices: [{ index: 0, content: 'Hello', reasoning: '', finishReason: 'stop' }],
              selectedChoice: 0,
              status: 'complete',
              usage: { promptTokens: 12, completionTokens: 34, cachedTokens: 5 },
              createdAt: 2,
            },
          ]),
        },
      ]);
      assert.equal(await chat.page.locator('[data-testid="reply-cost"]').count(), 1);
      assert.equal(await chat.lastAssistant().locator('[data-testid="reply-cost"]').textContent(), '$0.00012');
      assert.match(await chat.lastAssistant().locator('.usage').getAttribute('aria-label') ?? '', /Cost: 46 tokens \(5 cached\) · \$0\.00012$/, 'the cost is read once, after the figures');
    },
  },
  {
    name: 'an extraction failure stays in the chat with its reason until dismissed',
    page: 'strict',
    async run(chat) {
      await chat.play([
        { type: 'fileNotice', level: 'error', message: 'scan.pdf could not be read by the service: Failed to extract file' },
        { type: 'notice', level: 'info', message: 'Copied' },
      ]);
      const notice = chat.page.locator('[data-testid="file-notice"]');
      assert.equal(await notice.count(), 1);
      assert.equal(await notice.getAttribute('role'), 'alert');
      assert.match(await notice.textContent() ?? '', /scan\.pdf could not be read by the service: Failed to extract file/);
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      assert.equal(await notice.count(), 0);
    },
  },
];
