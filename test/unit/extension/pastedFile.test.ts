import assert from 'node:assert/strict';
import { decodePasted, PastedFileError, pastedFileName } from '../../../src/extension/files/pastedFile';
import { parseWebviewMessage } from '../../../src/shared/messageParsing';

const NOW = new Date('2026-11-21T13:45:07.123Z');
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('pasted files from the chat webview', () => {
  it('decodes the base64 content to the exact bytes', () => {
    const decoded = decodePasted({ name: 'diagram.png', mimeType: 'image/png', dataBase64: PNG_BASE64 }, 0, NOW);
    assert.deepEqual(Buffer.from(decoded.data), Buffer.from(PNG_BASE64, 'base64'));
    assert.equal(decoded.data[1], 0x50, 'PNG magic number');
    assert.equal(decoded.name, 'diagram.png');
    assert.equal(decoded.source, 'pasted:diagram.png');
  });

  it('names a clipboard image by date and position, with the extension of its type', () => {
    assert.equal(pastedFileName({ name: 'image.png', mimeType: 'image/jpeg', dataBase64: 'x' }, 1, NOW), 'pasted-2026-11-21T13-45-07-123Z-2.jpg');
    assert.equal(pastedFileName({ name: 'Screenshot', mimeType: 'image/webp', dataBase64: 'x' }, 0, NOW), 'Screenshot.webp');
    assert.equal(pastedFileName({ name: 'notes', mimeType: 'application/octet-stream', dataBase64: 'x' }, 0, NOW), 'notes.bin');
  });

  it('refuses content that decodes to nothing, naming the field', () => {
    assert.throws(() => decodePasted({ name: 'a.png', mimeType: 'image/png', dataBase64: '!!!' }, 2, NOW), (err: unknown) => {
      assert.ok(err instanceof PastedFileError);
      assert.match(err.message, /attachPasted\.files\.2\.dataBase64/);
      return true;
    });
  });

  it('the protocol takes the attachment messages and names the field of a bad one', () => {
    assert.equal(parseWebviewMessage({ type: 'attachUris', uris: ['file:///w/a.ts'] }).ok, true);
    assert.equal(parseWebviewMessage({ type: 'removeAttachment', chipId: 'a1' }).ok, true);
    const noFiles = parseWebviewMessage({ type: 'attachPasted', files: [] });
    assert.ok(!noFiles.ok && /files/.test(noFiles.error.message));
    const noType = parseWebviewMessage({ type: 'attachPasted', files: [{ name: 'a.png', dataBase64: PNG_BASE64 }] });
    assert.ok(!noType.ok && /files\.0\.mimeType/.test(noType.error.message));
    const badSource = parseWebviewMessage({ type: 'pickAttachments', from: 'web' });
    assert.ok(!badSource.ok && /from/.test(badSource.error.message));
  });
});
