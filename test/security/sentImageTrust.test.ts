// A sent message's image comes back to the view as its thumbnail: only a picture the browser draws
// (PNG, JPEG, GIF, WebP as base64) may become an <img src>; an SVG (which can carry script), a
// javascript: or remote URL, or an upload reference stays a chip, on the host and again in the view.
import assert from 'node:assert/strict';
import { sentAttachmentsView } from '../../src/extension/chat/sentAttachmentsView';
import { UserMessageViewSchema } from '../../src/shared/protocol';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const HOSTILE = [
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'javascript:alert(1)',
  'https://attacker.example/pixel.png',
  'ms://file-123',
  `${PNG}"><script>alert(1)</script>`,
];

describe('sent images shown as thumbnails', () => {
  it('gives the view an inline PNG and nothing else as a picture', () => {
    const attachments = HOSTILE.map((_, i) => ({ name: `image${i}.png`, kind: 'image' as const }));
    const sent = [{ type: 'text' as const, text: 'look' }, ...HOSTILE.map((url) => ({ type: 'image_url' as const, image_url: { url } }))];
    const view = sentAttachmentsView(attachments, sent);
    assert.deepEqual(view.attachments?.map((a) => a.thumbnail), HOSTILE.map(() => undefined));
    const good = sentAttachmentsView([{ name: 'ok.png', kind: 'image' }], [{ type: 'text', text: 'x' }, { type: 'image_url', image_url: { url: PNG } }]);
    assert.equal(good.attachments?.[0]?.thumbnail, PNG);
  });

  it('the view refuses a message whose thumbnail is not such a picture', () => {
    for (const thumbnail of HOSTILE) {
      const parsed = UserMessageViewSchema.safeParse({ id: 'u1', role: 'user', content: 'x', createdAt: 1, attachments: [{ name: 'a.png', kind: 'image', thumbnail }] });
      assert.equal(parsed.success, false, thumbnail);
    }
    assert.equal(UserMessageViewSchema.safeParse({ id: 'u1', role: 'user', content: 'x', createdAt: 1, attachments: [{ name: 'a.png', kind: 'image', thumbnail: PNG }] }).success, true);
  });
});
