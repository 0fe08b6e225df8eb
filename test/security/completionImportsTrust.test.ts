// A completion's related context follows the file's imports, and an import is text anyone can write in
// a repository: `import './.env'`, a symlink to a file outside the workspace, `../../` out of it. The
// imported files are read through the agent's path gate, so a file it would ask about (secret,
// svc.agent.protectedFiles, git-ignored) or refuse (outside the workspace folders, through a symlink or
// not) is never read, let alone sent.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ImportedFiles } from '../../src/core/completions/importedFiles';
import { WorkspacePathPolicy } from '../../src/core/tools/pathPolicy';
import { SecretFileRules } from '../../src/core/tools/secretFiles';
import { NodeWorkspaceFiles } from '../../src/extension/workspaceTools/nodeWorkspaceFiles';

describe('the imported files a completion reads', () => {
  let base: string;
  let root: string;
  let outside: string;

  async function write(relative: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await fs.writeFile(path.join(root, relative), text);
  }

  /** The real reader on the workspace, recording every file it reads. */
  function reader(protectedFiles: string[]): { imports: ImportedFiles; reads: string[] } {
    const files = new NodeWorkspaceFiles(() => [{ name: 'ws', path: root }], () => []);
    const reads: string[] = [];
    const recording = Object.assign(Object.create(files) as NodeWorkspaceFiles, {
      readFile: (p: string, options?: { maxBytes?: number }) => {
        reads.push(path.relative(root, p));
        return files.readFile(p, options);
      },
    });
    return { imports: new ImportedFiles({ files: recording, policy: () => new WorkspacePathPolicy(recording, new SecretFileRules(protectedFiles)) }), reads };
  }

  before(async () => {
    base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-import-trust-')));
    root = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await fs.mkdir(root);
    await fs.mkdir(outside);
  });

  after(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  it('leaves out secret, protected and git-ignored files, and anything outside the workspace', async () => {
    const secret = 'API_KEY=sk-live-do-not-send';
    await write('src/.env.ts', `export const key = "${secret}";`);
    await write('src/credentials.json', `{ "token": "${secret}" }`);
    await write('src/private/keys.ts', `export const key = "${secret}";`);
    await write('.gitignore', 'generated/\n');
    await write('generated/client.ts', `export const key = "${secret}";`);
    await fs.writeFile(path.join(outside, 'stolen.ts'), `export const key = "${secret}";`);
    await fs.symlink(path.join(outside, 'stolen.ts'), path.join(root, 'src', 'linked.ts'));
    await write('src/ok.ts', 'export const fine = true;\n');
    const app = ["import { key } from './.env';", "import token from './credentials.json';", "import { key as k2 } from './private/keys';", "import { key as k3 } from '../generated/client';", "import { key as k4 } from './linked';", "import { key as k5 } from '../../outside/stolen';", "import { fine } from './ok';"].join('\n');
    const { imports, reads } = reader(['src/private/**']);
    // Four imports at most, so each refusal is checked on its own file.
    for (const line of app.split('\n')) {
      const snippets = await imports.snippets('src/app.ts', 'typescript', line);
      assert.ok(!snippets.some((s) => s.text.includes(secret)), `${line}: nothing secret read`);
      assert.deepEqual(snippets.map((s) => s.path), line.includes('./ok') ? ['src/ok.ts'] : [], line);
    }
    assert.deepEqual(reads, ['src/ok.ts'], 'no refused file was even read');
  });

});
