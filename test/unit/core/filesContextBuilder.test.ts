import assert from 'node:assert/strict';
import { accountKey } from '../../../src/core/files/accountKey';
import { AttachmentSession, type AttachmentChip } from '../../../src/core/files/attachmentSession';
import { ContextBuilder, explainFileText, selectionText } from '../../../src/core/files/contextBuilder';
import { UploadCache } from '../../../src/core/files/uploadCache';
import { VisionUnsupportedError } from '../../../src/core/files/visionSupport';
import { startEmulatorTestBed } from '../../support/emulatorTestBed';
import { perTest } from '../../support/suiteHooks';
import { MemoryStorage } from './support/memoryStorage';

const text = (s: string) => new TextEncoder().encode(s);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d]);

const APP_TS = `// Order totals for the shop.
export interface Order { id: string; lines: number[] }

export function orderTotal(order: Order): number {
  return order.lines.reduce((a, b) => a + b, 0);
}

export class OrderBook {
  private readonly orders: Order[] = [];
}
`;

describe('files: context builder (emulator)', () => {
  const emu = perTest(() => startEmulatorTestBed());
  let builder: ContextBuilder;
  beforeEach(() => {
    const cache = new UploadCache(emu.client, new MemoryStorage(), accountKey(emu.url, emu.apiKey));
    builder = new ContextBuilder(emu.client, cache, { inlineImageMaxBytes: 64 });
  });

  it('explain this file: the extracted content as a system message, and an answer about the real file', async () => {
    const app = await builder.prepare({ source: 'file:///w/src/app.ts', name: 'src/app.ts', data: text(APP_TS) }, 'file-extract');
    assert.equal(app.status, 'ok');
    assert.equal(app.file?.purpose, 'file-extract');
    const composed = builder.compose({ model: 'svc-k2-turbo-preview', text: explainFileText(['src/app.ts']), attachments: [app] });

    const content = await emu.client.files.content(app.file!.id);
    assert.deepEqual(composed.systemMessages, [{ role: 'system', content }], 'the content exactly as the service returned it');
    assert.match(content, /orderTotal/);
    assert.deepEqual(composed.userMessage, { role: 'user', content: 'Explain the file src/app.ts: what it is for, how it is organised, and anything notable in it.' });
    assert.deepEqual(composed.omitted, []);
    assert.equal(app.file?.filename, 'app.ts', 'the upload is named by the file\'s base name');

    const reply = await emu.client.chat({ model: 'svc-k2-turbo-preview', messages: [...composed.systemMessages, composed.userMessage] });
    const answer = String(reply.choices[0]?.message.content);
    assert.match(answer, /orderTotal|OrderBook|Order/, `the answer talks about the file: ${answer}`);
  });

  it('several files become separate system messages, in attachment order', async () => {
    const a = await builder.prepare({ source: 'file:///w/a.md', name: 'a.md', data: text('# Alpha\n') });
    const b = await builder.prepare({ source: 'file:///w/b.py', name: 'b.py', data: text('def beta():\n    pass\n') });
    const composed = builder.compose({ model: 'svc-v1-32k', text: explainFileText(['a.md', 'b.py']), attachments: [a, b] });
    assert.equal(composed.systemMessages.length, 2);
    assert.match(String(composed.systemMessages[0]?.content), /Alpha/);
    assert.match(String(composed.systemMessages[1]?.content), /beta/);
    for (const m of composed.systemMessages) JSON.parse(String(m.content));
    assert.match(String(composed.userMessage.content), /the files a\.md, b\.py/);
  });

  it('an extraction failure is surfaced with the service\'s reason and the message still goes without the file', async () => {
    const broken = await builder.prepare({ source: 'file:///w/broken.json', name: 'broken.json', data: text('{ "unterminated": ') });
    const good = await builder.prepare({ source: 'file:///w/ok.txt', name: 'ok.txt', data: text('fine\n') });
    assert.equal(broken.status, 'error');
    assert.equal(broken.file?.status, 'error');
    assert.equal(broken.error, broken.file?.status_details);
    assert.match(broken.error ?? '', /broken\.json is not valid JSON/);

    const composed = builder.compose({ model: 'svc-v1-8k', text: 'Compare these files.', attachments: [broken, good] });
    assert.deepEqual(composed.omitted.map((a) => a.name), ['broken.json']);
    assert.equal(composed.systemMessages.length, 1);
    const reply = await emu.client.chat({ model: 'svc-v1-8k', messages: [...composed.systemMessages, composed.userMessage] });
    assert.equal(reply.choices[0]?.finish_reason, 'stop');

    await assert.rejects(emu.client.files.content(broken.file!.id), (err: Error & { status?: number }) => {
      assert.equal(err.status, 500);
      assert.match(err.message, /^Failed to extract file: /);
      return true;
    });
  });

  it('a selection goes inline with its file name and line range', () => {
    const composed = builder.compose({
      model: 'svc-v1-8k',
      text: 'Explain this code.',
      attachments: [],
      selection: { fileName: 'src/app.ts', startLine: 4, endLine: 6, text: 'export function orderTotal() {\n  return 0;\n}', language: 'typescript' },
    });
    assert.deepEqual(composed.systemMessages, []);
    assert.equal(
      composed.userMessage.content,
      'Explain this code.\n\nFrom src/app.ts, lines 4-6:\n```typescript\nexport function orderTotal() {\n  return 0;\n}\n```',
    );
    assert.match(selectionText({ fileName: 'README.md', startLine: 2, endLine: 2, text: '```js\nx\n```' }), /^From README\.md, line 2:\n````\n```js\nx\n```\n````$/);
  });

  it('images: small ones inline as data URIs, larger ones uploaded with purpose image as ms://<id>', async () => {
    const small = await builder.prepare({ source: 'pasted:dot.png', name: 'dot.png', data: PNG });
    assert.equal(small.file, undefined);
    assert.deepEqual(small.part, { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}` } });
    assert.equal(emu.count('POST', '/v1/files'), 0);

    const bigData = new Uint8Array(200);
    bigData.set(PNG);
    const big = await builder.prepare({ source: 'file:///w/big.png', name: 'big.png', data: bigData });
    assert.equal(big.file?.purpose, 'image');
    assert.deepEqual(big.part, { type: 'image_url', image_url: { url: `ms://${big.file?.id}` } });

    const composed = builder.compose({ model: 'svc-k2.5', text: 'What is in these pictures?', attachments: [small, big] });
    assert.deepEqual(composed.userMessage.content, [{ type: 'text', text: 'What is in these pictures?' }, small.part, big.part]);
    const reply = await emu.client.chat({ model: 'svc-k2.5', messages: [composed.userMessage] });
    assert.ok(reply.choices.length > 0);
  });

  it('a pasted image without an extension is uploaded under the extension of its type', async () => {
    const data = new Uint8Array(200);
    data.set(PNG);
    const pasted = await builder.prepare({ source: 'pasted:1', name: 'clipboard', data });
    assert.equal(pasted.file?.filename, 'clipboard.png');
    assert.equal(pasted.file?.purpose, 'image');
  });

  it('videos: uploaded with purpose video and sent as video_url', async () => {
    const clip = await builder.prepare({ source: 'file:///w/clip.mp4', name: 'clip.mp4', data: MP4 });
    assert.equal(clip.file?.purpose, 'video');
    assert.deepEqual(clip.part, { type: 'video_url', video_url: { url: `ms://${clip.file?.id}` } });
  });

  it('a model that cannot see gets a typed error naming vision models, and no request is sent', async () => {
    const image = await builder.prepare({ source: 'pasted:dot.png', name: 'dot.png', data: PNG });
    assert.throws(
      () => builder.compose({ model: 'svc-k2-turbo-preview', text: 'Describe', attachments: [image] }),
      (err: unknown) => {
        assert.ok(err instanceof VisionUnsupportedError);
        assert.equal(err.model, 'svc-k2-turbo-preview');
        assert.ok(err.suggestions.includes('svc-k2.5'));
        assert.ok(err.suggestions.every((id) => ['svc-k2.5', 'svc-v1-8k-vision-preview', 'svc-v1-32k-vision-preview', 'svc-v1-128k-vision-preview'].includes(id)));
        assert.match(err.message, /svc-k2-turbo-preview cannot see images/);
        return true;
      },
    );
    assert.equal(emu.count('POST', '/v1/chat/completions'), 0);
  });

  describe('attachment chips', () => {
    it('show uploading then ok or error, drop refused and failed files at send, and clear after', async () => {
      const session = new AttachmentSession(builder);
      const seen: AttachmentChip[][] = [];
      session.onDidChange((chips) => seen.push(chips));

      const ok = session.add({ source: 'file:///w/a.ts', name: 'a.ts', data: text('export const a = 1;\n') });
      assert.equal(session.chips()[0]?.status, 'uploading');
      const bad = session.add({ source: 'file:///w/bad.json', name: 'bad.json', data: text('{') });
      const empty = session.add({ source: 'file:///w/empty.txt', name: 'empty.txt', data: new Uint8Array() });
      const removed = session.add({ source: 'file:///w/gone.txt', name: 'gone.txt', data: text('gone\n') });
      session.remove(removed.id);

      assert.equal((await ok.settled).status, 'ok');
      const badChip = await bad.settled;
      assert.equal(badChip.status, 'error');
      assert.match(badChip.statusDetails ?? '', /not valid JSON/);
      const emptyChip = await empty.settled;
      assert.equal(emptyChip.status, 'error');
      assert.equal(emptyChip.statusDetails, 'File size is zero, please confirm and re-upload the file');
      assert.deepEqual(session.chips().map((c) => c.name), ['a.ts', 'bad.json', 'empty.txt']);
      assert.ok(seen.length >= 4);

      const turn = await session.take({ model: 'svc-v1-8k', text: 'Review a.ts' });
      assert.equal(turn.systemMessages.length, 1);
      assert.deepEqual(turn.omitted.map((a) => a.name), ['bad.json']);
      assert.deepEqual(turn.refused, [{ name: 'empty.txt', reason: 'File size is zero, please confirm and re-upload the file' }]);
      assert.deepEqual(session.chips(), []);
    });

    it('keeps the chips when the model cannot see, so the user can switch model and send again', async () => {
      const session = new AttachmentSession(builder);
      await session.add({ source: 'pasted:dot.png', name: 'dot.png', data: PNG }).settled;
      await assert.rejects(session.take({ model: 'svc-v1-8k', text: 'What is it?' }), VisionUnsupportedError);
      assert.equal(session.chips().length, 1);
      const turn = await session.take({ model: 'svc-v1-8k-vision-preview', text: 'What is it?' });
      assert.equal(Array.isArray(turn.userMessage.content), true);
    });
  });
});
