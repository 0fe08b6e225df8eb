import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledRipgrep } from '../../../src/extension/workspaceTools/ripgrepLocation';

describe('extension/workspaceTools bundledRipgrep (where VS Code keeps its ripgrep)', () => {
  let base: string;
  const linux = { platform: 'linux' as const, arch: 'x64' };

  async function place(relative: string, mode = 0o755): Promise<string> {
    const file = path.join(base, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '#!/bin/sh\n', { mode });
    return file;
  }

  beforeEach(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-rg-layout-')));
  });

  afterEach(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  for (const layout of ['app/node_modules/@vscode/ripgrep/bin/rg', 'app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg', 'app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg']) {
    it(`finds ${layout.slice(4)}`, async () => {
      const binary = await place(layout);
      assert.equal(bundledRipgrep(path.join(base, 'app'), [], linux), binary);
    });
  }

  it('finds rg.exe in the Windows layout, and the platform-arch folder of the universal package', async () => {
    const exe = await place('app/node_modules/@vscode/ripgrep-universal/bin/win32-arm64/rg.exe', 0o644);
    assert.equal(bundledRipgrep(path.join(base, 'app'), [], { platform: 'win32', arch: 'arm64' }), exe);
    assert.equal(bundledRipgrep(path.join(base, 'app'), [], linux), undefined);
  });

  it('takes nothing that is not an executable file, and never looks on PATH', async () => {
    await place('app/node_modules/@vscode/ripgrep/bin/rg', 0o644);
    await fs.mkdir(path.join(base, 'app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg'), { recursive: true });
    assert.equal(bundledRipgrep(path.join(base, 'app'), [], linux), undefined);
    assert.equal(bundledRipgrep('', [], linux), undefined);
  });

  it('never takes a binary whose real path is inside a workspace folder, even through a symlink in VS Code’s folder', async () => {
    const planted = await place('workspace/tools/rg');
    await fs.mkdir(path.join(base, 'app/node_modules/@vscode/ripgrep/bin'), { recursive: true });
    await fs.symlink(planted, path.join(base, 'app/node_modules/@vscode/ripgrep/bin/rg'));
    assert.equal(bundledRipgrep(path.join(base, 'app'), [path.join(base, 'workspace')], linux), undefined);
    await place('workspace/app/node_modules/@vscode/ripgrep/bin/rg');
    assert.equal(bundledRipgrep(path.join(base, 'workspace', 'app'), [path.join(base, 'workspace')], linux), undefined);
    assert.equal(bundledRipgrep(path.join(base, 'app'), [path.join(base, 'elsewhere')], linux), planted, 'the same binary is fine when no workspace folder holds it');
  });
});
