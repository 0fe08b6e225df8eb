// The chardet the extension carries for when VS Code's own jschardet is not found; VS Code's is tested
// with the same cases in test/search/vscodeJschardet.test.ts (it needs code-server installed).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as iconv from 'iconv-lite';
import { decodeTextFile } from '../../../src/core/tools/textFileCodec';
import { ChardetEncodingDetector } from '../../../src/extension/workspaceTools/chardetEncodingDetector';
import { EditorEncodingDetector } from '../../../src/extension/workspaceTools/editorEncodingDetector';
import { bundledJschardet } from '../../../src/extension/workspaceTools/vscodeJschardet';
import { encodingDetectorSpec } from '../../support/encodingDetectorSpec';

encodingDetectorSpec('extension/workspaceTools ChardetEncodingDetector', () => new ChardetEncodingDetector());

describe('extension/workspaceTools EditorEncodingDetector without VS Code\'s jschardet', () => {
  let base: string;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-detector-')));
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('uses the chardet it carries when appRoot is unknown or holds no jschardet', async () => {
    assert.ok(new EditorEncodingDetector({ appRoot: '', workspaceFolders: () => [] }).current() instanceof ChardetEncodingDetector);
    await fs.mkdir(path.join(base, 'node_modules', 'jschardet'), { recursive: true });
    assert.equal(bundledJschardet(base, []), undefined);
    assert.ok(new EditorEncodingDetector({ appRoot: base, workspaceFolders: () => [] }).current() instanceof ChardetEncodingDetector);
  });

  async function placeJschardet(source: string): Promise<EditorEncodingDetector> {
    const file = path.join(base, 'node_modules', 'jschardet', 'dist', 'jschardet.min.js');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, source);
    assert.equal(bundledJschardet(base, []), file);
    return new EditorEncodingDetector({ appRoot: base, workspaceFolders: () => [] });
  }

  it('uses the chardet it carries when the file found is not a jschardet, or does not load', async () => {
    assert.ok((await placeJschardet('module.exports = { detect: () => null };\n')).current() instanceof ChardetEncodingDetector);
    await fs.rm(path.join(base, 'node_modules'), { recursive: true });
    assert.ok((await placeJschardet('throw new Error("cannot load here");\n')).current() instanceof ChardetEncodingDetector);
  });

  it("asks the chardet it carries when VS Code's jschardet refuses the encodings' names", async () => {
    const detector = await placeJschardet('module.exports = { detectAll: (buffer, { detectEncodings }) => { throw new Error(`Encoding ${detectEncodings[0]} is not supported`); } };\n');
    assert.ok(!(detector.current() instanceof ChardetEncodingDetector));
    const decoded = await decodeTextFile(new Uint8Array(iconv.encode('// 中文注释\r\nconst 问候 = "你好";\r\n', 'gbk')), 'zh.js', detector);
    assert.equal(decoded.text, '// 中文注释\r\nconst 问候 = "你好";\r\n');
    assert.equal(decoded.format.label, 'GB18030');
  });
});
