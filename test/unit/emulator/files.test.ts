// The /files endpoints over raw HTTP: multipart upload, real extraction of every listed format,
// limits with the spec's messages, ownership (403) and persistence across a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { LIMITS } from '../../../src/api/models';
import { FileListSchema, FileObjectSchema, type FileObject } from '../../../src/api/schemas';
import { fileTooLargeMessage, tooManyFilesMessage, totalTooLargeMessage } from '../../../src/emulator/files/fileStore';
import { type EmulatorTestBed } from '../../support/emulatorTestBed';
import { perTest } from '../../support/suiteHooks';
import { call, chat, completionOf, errorOf, OTHER_KEY, startKeyedBed } from './rawRequests';

const FIXTURES = path.join(__dirname, '../../fixtures/emulator');

function form(name: string, bytes: Buffer | string, purpose: string | null = 'file-extract'): FormData {
  const f = new FormData();
  if (purpose !== null) f.append('purpose', purpose);
  f.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : new Uint8Array(bytes)]), name);
  return f;
}

async function upload(h: EmulatorTestBed, name: string, bytes: Buffer | string, purpose = 'file-extract', key?: string): Promise<FileObject> {
  const res = await call(h, 'POST', '/files', form(name, bytes, purpose), key ? { key } : {});
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return FileObjectSchema.parse(res.body);
}

async function content(h: EmulatorTestBed, id: string): Promise<{ content: string; filename: string; file_type: string }> {
  const res = await call<{ content: string; filename: string; file_type: string }>(h, 'GET', `/files/${id}/content`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

function xlsx(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['item', 'qty'], ['apple', 3], ['pear', 5]]), 'Stock');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('emulator files', () => {
  const h = perTest(startKeyedBed);

  it('uploads with file and purpose and returns the spec\'s file object', async () => {
    const f = await upload(h, 'notes.txt', 'hello\nworld\n');
    assert.equal(f.object, 'file');
    assert.equal(f.bytes, 12);
    assert.equal(f.filename, 'notes.txt');
    assert.equal(f.purpose, 'file-extract');
    assert.equal(f.status, 'ok');
    assert.ok(Number.isInteger(f.created_at));
    const c = await content(h, f.id);
    assert.equal(c.content, 'hello\nworld\n');
    assert.equal(c.filename, 'notes.txt');
  });

  it('extracts text, Markdown, code, JSON, YAML, CSV and logs as they are', async () => {
    const samples: Record<string, string> = {
      'a.md': '# Title\n\nSome *text*.\n',
      'a.ts': 'export const x: number = 1;\n',
      'a.py': 'def f():\n    return 1\n',
      'a.json': '{"a": [1, 2]}',
      'a.yaml': 'name: svc\nitems:\n  - one\n',
      'a.csv': 'a,b\n1,2\n',
      'a.log': '2025-01-01 10:00:00 INFO started\n',
    };
    for (const [name, text] of Object.entries(samples)) {
      const f = await upload(h, name, text);
      assert.equal(f.status, 'ok', name);
      assert.equal((await content(h, f.id)).content, text, name);
    }
  });

  it('turns HTML into text without scripts', async () => {
    const f = await upload(h, 'page.html', '<html><head><script>alert(1)</script></head><body><h1>Heading</h1><p>Para <b>bold</b>.</p></body></html>');
    const c = await content(h, f.id);
    assert.equal(c.content, '# Heading\n\nPara **bold**.');
  });

  it('extracts the text layer of a PDF, the text of a DOCX and the cells of an XLSX', async () => {
    const pdf = await upload(h, 'hello.pdf', fs.readFileSync(path.join(FIXTURES, 'hello.pdf')));
    assert.match((await content(h, pdf.id)).content, /Hello from a PDF text layer/);
    const docx = await upload(h, 'report.docx', fs.readFileSync(path.join(FIXTURES, 'report.docx')));
    assert.equal((await content(h, docx.id)).content.trim(), 'Quarterly report\n\nRevenue grew by twelve percent.');
    const sheet = await upload(h, 'stock.xlsx', xlsx());
    assert.equal((await content(h, sheet.id)).content, '## Stock\nitem,qty\napple,3\npear,5');
  });

  it('extracts the slide text of a PPTX and the chapters of an EPUB, in order', async () => {
    const pptx = new JSZip();
    const slide = (texts: string[]) => `<p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>${texts.map((t) => `<a:p><a:r><a:t>${t}</a:t></a:r></a:p>`).join('')}</p:spTree></p:cSld></p:sld>`;
    pptx.file('ppt/slides/slide2.xml', slide(['Results', 'Up 12 &amp; rising']));
    pptx.file('ppt/slides/slide1.xml', slide(['Welcome']));
    const deck = await upload(h, 'deck.pptx', await pptx.generateAsync({ type: 'nodebuffer' }));
    assert.equal((await content(h, deck.id)).content, '## Slide 1\nWelcome\n\n## Slide 2\nResults\nUp 12 & rising');
    const epub = new JSZip();
    epub.file('META-INF/container.xml', '<container><rootfiles><rootfile full-path="OEBPS/book.opf"/></rootfiles></container>');
    epub.file('OEBPS/book.opf', '<package><manifest><item id="c1" href="one.xhtml"/><item id="c2" href="two.xhtml"/></manifest><spine><itemref idref="c2"/><itemref idref="c1"/></spine></package>');
    epub.file('OEBPS/one.xhtml', '<html><body><h1>One</h1><p>Last.</p></body></html>');
    epub.file('OEBPS/two.xhtml', '<html><body><h1>Two</h1><p>First.</p></body></html>');
    const book = await upload(h, 'book.epub', await epub.generateAsync({ type: 'nodebuffer' }));
    assert.equal((await content(h, book.id)).content, '# Two\n\nFirst.\n\n# One\n\nLast.');
    const notZip = await upload(h, 'deck2.pptx', 'plain text');
    assert.equal(notZip.status, 'error');
    assert.match(notZip.status_details!, /^cannot read the PPTX deck2\.pptx/);
  });

  it('marks an unreadable file status error, and its content call is the 500 extraction error', async () => {
    const broken = await upload(h, 'broken.pdf', 'this is not a pdf');
    assert.equal(broken.status, 'error');
    assert.match(broken.status_details!, /not a PDF/);
    const res = await call(h, 'GET', `/files/${broken.id}/content`);
    assert.equal(res.status, 500);
    assert.equal(errorOf(res).type, 'server_error');
    assert.match(errorOf(res).message, /^Failed to extract file: broken\.pdf is not a PDF/);
    const badJson = await upload(h, 'bad.json', '{"a": ');
    assert.equal(badJson.status, 'error');
    const binary = await upload(h, 'blob.txt', Buffer.from([0xff, 0xfe, 0x00, 0x81]));
    assert.equal(binary.status, 'error');
  });

  it('rejects a wrong or missing purpose, an empty file and a missing file field with the spec\'s messages', async () => {
    for (const purpose of ['assistants', null]) {
      const res = await call(h, 'POST', '/files', form('a.txt', 'x', purpose));
      assert.equal(res.status, 400);
      assert.deepEqual(errorOf(res), { type: 'invalid_request_error', message: "Invalid purpose: only 'file-extract' accepted" });
    }
    const empty = await call(h, 'POST', '/files', form('a.txt', ''));
    assert.deepEqual(errorOf(empty), { type: 'invalid_request_error', message: 'File size is zero, please confirm and re-upload the file' });
    const noFile = new FormData();
    noFile.append('purpose', 'file-extract');
    const missing = await call(h, 'POST', '/files', noFile);
    assert.equal(missing.status, 400);
    assert.match(errorOf(missing).message, /^Invalid request: file is required/);
    const notMultipart = await call(h, 'POST', '/files', { file: 'x' });
    assert.match(errorOf(notMultipart).message, /must be multipart\/form-data/);
  });

  it('accepts images and videos for their purposes only', async () => {
    const png = await upload(h, 'pixel.png', fs.readFileSync(path.join(FIXTURES, 'pixel.png')), 'image');
    assert.equal(png.purpose, 'image');
    const video = await upload(h, 'clip.mp4', Buffer.from('00000018667479706d703432', 'hex'), 'video');
    assert.equal(video.purpose, 'video');
    const wrong = await call(h, 'POST', '/files', form('notes.txt', 'x', 'image'));
    assert.match(errorOf(wrong).message, /purpose image needs an image file/);
    const noContent = await call(h, 'GET', `/files/${png.id}/content`);
    assert.equal(noContent.status, 400);
    assert.match(errorOf(noContent).message, /only file-extract files have extracted content/);
    const seen = completionOf(await chat(h, { model: 'svc-v1-8k-vision-preview', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `ms://${png.id}` } }, { type: 'text', text: 'What is this?' }] }] }));
    assert.match(seen.choices[0]!.message.content as string, new RegExp(`uploaded as file \`${png.id}\``));
  });

  it('lists, gets and deletes files', async () => {
    const a = await upload(h, 'a.txt', 'a');
    const b = await upload(h, 'b.txt', 'b');
    const list = FileListSchema.parse((await call(h, 'GET', '/files')).body);
    assert.deepEqual(list.data.map((f) => f.id).sort(), [a.id, b.id].sort());
    assert.deepEqual(FileObjectSchema.parse((await call(h, 'GET', `/files/${a.id}`)).body), a);
    const del = await call(h, 'DELETE', `/files/${a.id}`);
    assert.deepEqual(del.body, { id: a.id, object: 'file', deleted: true });
    const gone = await call(h, 'GET', `/files/${a.id}`);
    assert.equal(gone.status, 404);
    assert.equal(errorOf(gone).type, 'resource_not_found_error');
    assert.deepEqual(FileListSchema.parse((await call(h, 'GET', '/files')).body).data.map((f) => f.id), [b.id]);
  });

  it('gives 403 permission_denied_error when another key reads, reads the content of, or deletes a file', async () => {
    const mine = await upload(h, 'secret.txt', 'secret');
    for (const [method, route] of [['GET', `/files/${mine.id}`], ['GET', `/files/${mine.id}/content`], ['DELETE', `/files/${mine.id}`]] as const) {
      const res = await call(h, method, route, undefined, { key: OTHER_KEY });
      assert.equal(res.status, 403, `${method} ${route}`);
      assert.deepEqual(errorOf(res), { type: 'permission_denied_error', message: 'You are not allowed to get other user info' });
    }
    const theirs = FileListSchema.parse((await call(h, 'GET', '/files', undefined, { key: OTHER_KEY })).body);
    assert.deepEqual(theirs.data, []);
  });

  it('keeps files, their content and their owner across a restart on the same data dir', async () => {
    const f = await upload(h, 'keep.md', '# kept\n');
    await h.restart();
    assert.deepEqual(FileObjectSchema.parse((await call(h, 'GET', `/files/${f.id}`)).body), f);
    assert.equal((await content(h, f.id)).content, '# kept\n');
    assert.equal((await call(h, 'GET', `/files/${f.id}`, undefined, { key: OTHER_KEY })).status, 403);
  });
});

describe('emulator file limits', () => {
  it('writes the spec\'s messages for the real limits', () => {
    assert.equal(fileTooLargeMessage(LIMITS.maxFileBytes), 'File size is too large, max file size is 100MB, please confirm and re-upload the file');
    assert.equal(tooManyFilesMessage(LIMITS.maxFilesPerUser), 'The number of files you have uploaded exceeded the max file count 1000, please delete previous uploaded files');
    assert.match(totalTooLargeMessage(LIMITS.maxTotalFileBytes), /max total size 10GB/);
  });

  it('enforces the per-file size limit, with the configured size in the message', async () => {
    const h = await startKeyedBed({ fileLimits: { maxFileBytes: 1024 } });
    try {
      assert.equal((await call(h, 'POST', '/files', form('ok.txt', 'x'.repeat(1024)))).status, 200);
      const over = await call(h, 'POST', '/files', form('big.txt', 'x'.repeat(1025)));
      assert.equal(over.status, 400);
      assert.deepEqual(errorOf(over), { type: 'invalid_request_error', message: 'File size is too large, max file size is 1KB, please confirm and re-upload the file' });
      // Far over the limit: refused from Content-Length without buffering the body.
      const huge = await call(h, 'POST', '/files', form('huge.txt', 'x'.repeat(3 * 1024 * 1024)));
      assert.equal(errorOf(huge).message, 'File size is too large, max file size is 1KB, please confirm and re-upload the file');
    } finally {
      await h.close();
    }
  });

  it('enforces the file count and total size per key, and frees room on delete', async () => {
    const h = await startKeyedBed({ fileLimits: { maxFiles: 3, maxTotalBytes: 100 } });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await upload(h, `f${i}.txt`, 'x')).id);
      const fourth = await call(h, 'POST', '/files', form('f3.txt', 'x'));
      assert.deepEqual(errorOf(fourth), { type: 'invalid_request_error', message: 'The number of files you have uploaded exceeded the max file count 3, please delete previous uploaded files' });
      assert.equal((await call(h, 'POST', '/files', form('other.txt', 'x'), { key: OTHER_KEY })).status, 200, 'limits are per key');
      await call(h, 'DELETE', `/files/${ids[0]}`);
      const tooBig = await call(h, 'POST', '/files', form('big.txt', 'y'.repeat(99)));
      assert.match(errorOf(tooBig).message, /^The total size of the files you have uploaded exceeded the max total size 100B/);
      assert.equal((await call(h, 'POST', '/files', form('fits.txt', 'y'.repeat(98)))).status, 200);
    } finally {
      await h.close();
    }
  });
});
