// VS Code's own encoding detector: the jschardet code-server (VS Code 1.139) ships, found and loaded the
// way the extension does, on the same decoding cases as the chardet the extension carries
// (test/unit/extension/chardetEncodingDetector.test.ts), and the layouts VS Code builds use (a copy inside the workspace is test/security/encodingDetectorTrust.test.ts).
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EditorEncodingDetector } from '../../src/extension/workspaceTools/editorEncodingDetector';
import { bundledJschardet, VscodeJschardet } from '../../src/extension/workspaceTools/vscodeJschardet';
import { codeServerJschardet } from '../support/codeServerJschardet';
import { codeServerAppRoot } from '../support/codeServerRipgrep';
import { encodingDetectorSpec } from '../support/encodingDetectorSpec';

encodingDetectorSpec("VS Code's jschardet", () => {
  const detector = new EditorEncodingDetector({ appRoot: codeServerAppRoot, workspaceFolders: () => [] });
  assert.ok(detector.current() instanceof VscodeJschardet, `VS Code's jschardet was not loaded from ${codeServerJschardet()}`);
  return detector;
});

describe("VS Code's jschardet, where VS Code builds keep it", () => {
  let base: string;

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-jschardet-')));
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  async function place(relative: string): Promise<string> {
    const file = path.join(base, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(codeServerJschardet(), file);
    return file;
  }

  it("is found in code-server's layout (node_modules/jschardet/dist/jschardet.min.js)", () => {
    assert.equal(codeServerJschardet(), path.join(codeServerAppRoot, 'node_modules', 'jschardet', 'dist', 'jschardet.min.js'));
  });

  it("is found in the desktop build's node_modules.asar, and loaded from there", async () => {
    const file = await place('app/node_modules.asar/jschardet/dist/jschardet.min.js');
    assert.equal(bundledJschardet(path.join(base, 'app'), []), file);
    const detector = new EditorEncodingDetector({ appRoot: path.join(base, 'app'), workspaceFolders: () => [] });
    assert.ok(detector.current() instanceof VscodeJschardet);
    assert.deepEqual(await detector.detect(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]), ['windows-1252']), [{ encoding: 'windows-1252', confidence: 0.95 }]);
  });

  it('takes node_modules before node_modules.asar when a build has both', async () => {
    const unpacked = await place('app/node_modules/jschardet/dist/jschardet.min.js');
    await place('app/node_modules.asar/jschardet/dist/jschardet.min.js');
    assert.equal(bundledJschardet(path.join(base, 'app'), []), unpacked);
  });
});
