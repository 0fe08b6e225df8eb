// The quickjs formula as the .vsix ships it: a production build brotli-compresses QuickJS's WebAssembly
// (dist/emscripten-module.wasm.br) and the sandbox inflates it on first use. The worker and the compressed
// module are taken out of the package into a folder of their own and run there, so what is tested is the
// shipped bytes, not a development build beside the sources.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import JSZip from 'jszip';
import { repoRoot, vsixPath } from '../harness/toolPaths';

const SHIPPED = ['dist/quickjsWorker.js', 'dist/emscripten-module.wasm.br'];

function runWorker(file: string, code: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { code, limits: { timeoutMs: 10_000, memoryBytes: 32 * 1024 * 1024, outputBytes: 10_000 } } });
    worker.once('message', (message: unknown) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
  });
}

describe('the quickjs formula as packaged', function () {
  this.timeout(60_000);
  let folder: string;

  before(async () => {
    if (!fs.existsSync(vsixPath)) throw new Error(`${path.relative(repoRoot, vsixPath)} is missing: run \`npm run package\` first.`);
    const zip = await JSZip.loadAsync(fs.readFileSync(vsixPath));
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-shipped-quickjs-'));
    for (const name of SHIPPED) {
      const file = zip.file(`extension/${name}`);
      assert.ok(file, `${name} is in the package`);
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), await file.async('nodebuffer'));
    }
    assert.equal(zip.file('extension/dist/emscripten-module.wasm'), null, 'the uncompressed module is not shipped as well');
  });

  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('inflates the compressed WebAssembly and evaluates a script in the sandbox', async () => {
    assert.deepEqual(await runWorker(path.join(folder, 'dist/quickjsWorker.js'), 'console.log("sum", 40 + 2); 6 * 7'), { ok: true, output: 'sum 42\n42' });
  });
});
