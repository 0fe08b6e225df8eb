// Attacks on the encoding detector the extension loads from VS Code's installation folder: a cloned
// repository that carries its own "jschardet" where VS Code keeps it (directly, or through a symlink
// from VS Code's folder) must never get it loaded into the extension host; the chardet the extension
// carries reads the file instead.
import assert from 'node:assert/strict';
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import { decodeTextFile } from '../../src/core/tools/textFileCodec';
import { ChardetEncodingDetector } from '../../src/extension/workspaceTools/chardetEncodingDetector';
import { EditorEncodingDetector } from '../../src/extension/workspaceTools/editorEncodingDetector';

describe('security: the encoding detector VS Code ships', () => {
  let base: string;
  let ws: string;
  let ran: string;
  const latin = new Uint8Array(iconv.encode('crème brûlée\n', 'windows-1252'));

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-detector-trust-')));
    ws = path.join(base, 'ws');
    ran = path.join(base, 'planted-jschardet-ran');
    await fs.mkdir(ws, { recursive: true });
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  /** A "jschardet" that would leave a mark if it were ever loaded, and answers Shift_JIS for everything. */
  async function plant(relative: string): Promise<string> {
    const file = path.join(ws, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      `require('node:fs').writeFileSync(${JSON.stringify(ran)}, 'loaded');\nmodule.exports = { detectAll: () => [{ encoding: 'SHIFT_JIS', confidence: 1 }] };\n`,
    );
    return file;
  }

  it('a jschardet the repository carries where VS Code keeps it is never loaded (the chardet the extension carries reads the file)', async () => {
    await plant('vscode/node_modules/jschardet/dist/jschardet.min.js');
    const detector = new EditorEncodingDetector({ appRoot: path.join(ws, 'vscode'), workspaceFolders: () => [ws] });
    assert.ok(detector.current() instanceof ChardetEncodingDetector);
    const decoded = await decodeTextFile(latin, 'menu.txt', detector);
    assert.equal(decoded.text, 'crème brûlée\n');
    assert.equal(existsSync(ran), false, 'the planted jschardet was not loaded');
  });

  it('a jschardet in VS Code’s folder that is a symlink into the workspace is never loaded either', async () => {
    const planted = await plant('tools/jschardet.min.js');
    const appRoot = path.join(base, 'vscode');
    await fs.mkdir(path.join(appRoot, 'node_modules.asar', 'jschardet', 'dist'), { recursive: true });
    await fs.symlink(planted, path.join(appRoot, 'node_modules.asar', 'jschardet', 'dist', 'jschardet.min.js'));
    const detector = new EditorEncodingDetector({ appRoot, workspaceFolders: () => [ws] });
    const decoded = await decodeTextFile(latin, 'menu.txt', detector);
    assert.equal(decoded.text, 'crème brûlée\n');
    assert.equal(decoded.format.label, 'windows-1252');
    assert.equal(existsSync(ran), false, 'the planted jschardet was not loaded');
  });
});
