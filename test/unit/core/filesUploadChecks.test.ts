import assert from 'node:assert/strict';
import { ContextBuilder } from '../../../src/core/files/contextBuilder';
import { UploadCache } from '../../../src/core/files/uploadCache';
import {
  checkUpload,
  checkUploadFor,
  emptyReason,
  tooLargeReason,
  UploadRefusedError,
} from '../../../src/core/files/uploadChecks';
import { startEmulatorTestBed } from '../../support/emulatorTestBed';
import { perTest } from '../../support/suiteHooks';
import { MemoryStorage } from './support/memoryStorage';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...b: number[]) => new Uint8Array(b);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);
const PDF = text('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n');
const MP4 = bytes(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0);
const ELF = bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0);
const ZIP = bytes(0x50, 0x4b, 3, 4, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0);

function candidate(name: string, data: Uint8Array, size = data.byteLength) {
  return { name, size, head: data };
}

async function refusal(fn: () => Promise<unknown>): Promise<UploadRefusedError> {
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof UploadRefusedError, `expected UploadRefusedError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

describe('files: pre-upload checks', () => {
  it('refuses an empty file and one over 100 MB with the service\'s reasons, naming the file', async () => {
    const empty = await refusal(() => checkUpload(candidate('src/empty.ts', new Uint8Array())));
    assert.equal(empty.reason, emptyReason());
    assert.equal(empty.fileName, 'src/empty.ts');
    assert.match(empty.message, /^src\/empty\.ts: File size is zero/);

    const huge = await refusal(() => checkUpload(candidate('video/big.mp4', MP4, 100 * 1024 * 1024 + 1)));
    assert.equal(huge.reason, tooLargeReason());
    assert.match(huge.message, /^video\/big\.mp4: File size is too large, max file size is 100MB/);
    assert.equal((await checkUpload(candidate('ok.mp4', MP4, 100 * 1024 * 1024))).kind, 'video');
  });

  it('takes source code and text by content, whatever the extension', async () => {
    for (const name of ['a.ts', 'notes.md', 'data.json', 'Makefile', 'lib.rs', 'conf.toml']) {
      assert.deepEqual(await checkUpload(candidate(name, text('fn main() {}\n// ünïcödé\n'))), { kind: 'text', mime: undefined, purpose: 'file-extract' }, name);
    }
  });

  it('sniffs images, videos and documents from magic numbers, with or without an extension', async () => {
    assert.deepEqual(await checkUpload(candidate('shot.png', PNG)), { kind: 'image', mime: 'image/png', purpose: 'image' });
    assert.equal((await checkUpload(candidate('clipboard', PNG))).kind, 'image');
    assert.equal((await checkUpload(candidate('clip', MP4))).kind, 'video');
    assert.equal((await checkUpload(candidate('paper', PDF))).kind, 'document');
    assert.equal((await checkUpload(candidate('report.docx', ZIP))).kind, 'document');
    assert.deepEqual(await checkUpload(candidate('logo.svg', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))), { kind: 'image', mime: 'image/svg+xml', purpose: 'image' });
  });

  it('refuses binary files that are not images, videos or supported documents', async () => {
    const elf = await refusal(() => checkUpload(candidate('bin/tool', ELF)));
    assert.match(elf.message, /^bin\/tool: it is a binary file \(ELF\), not an image, a video or a supported document/);
    const zip = await refusal(() => checkUpload(candidate('dist/bundle.zip', ZIP)));
    assert.match(zip.reason, /binary file \(zip\)/);
    const nul = await refusal(() => checkUpload(candidate('src/weird.ts', text('const a = 1;\u0000\u0000'))));
    assert.equal(nul.fileName, 'src/weird.ts');
    assert.match(nul.reason, /binary file/);
  });

  it('refuses a file for a purpose it cannot serve', async () => {
    assert.match((await refusal(() => checkUploadFor(candidate('a.ts', text('x')), 'image'))).reason, /not an image/);
    assert.match((await refusal(() => checkUploadFor(candidate('a.png', PNG), 'video'))).reason, /not a video/);
    assert.match((await refusal(() => checkUploadFor(candidate('a.mp4', MP4), 'file-extract'))).reason, /not from videos/);
    assert.equal((await checkUploadFor(candidate('scan.png', PNG), 'file-extract')).purpose, 'file-extract');
  });

  describe('against the emulator', () => {
    const emu = perTest(() => startEmulatorTestBed());

    it('sends nothing for a refused file', async () => {
      const builder = new ContextBuilder(emu.client, new UploadCache(emu.client, new MemoryStorage(), 'acct'));
      await assert.rejects(builder.prepare({ source: 'file:///w/empty.txt', name: 'empty.txt', data: new Uint8Array() }), UploadRefusedError);
      await assert.rejects(builder.prepare({ source: 'file:///w/tool', name: 'tool', data: ELF }), /tool: it is a binary file \(ELF\)/);
      assert.equal(emu.exchanges().length, 0);
    });
  });
});
