// The lint rule that keeps `vscode` out of src/api and src/core, proved through ESLint's own API.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE = "import * as vscode from 'vscode';\nexport const name: string = vscode.env.appName;\n";

async function importErrors(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(SOURCE, { filePath: path.join(ROOT, file) });
  assert.ok(result, `no lint result for ${file}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering lint rule', function () {
  this.timeout(60_000);

  for (const file of ['src/api/someClientFile.ts', 'src/core/someCoreFile.ts']) {
    it(`importing vscode in ${file} is an error`, async () => {
      const errors = await importErrors(file);
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0] ?? '', /^no-restricted-imports: .*'vscode'.*Only src\/extension may import vscode/);
    });
  }

  it('importing vscode in src/extension is allowed', async () => {
    assert.deepEqual(await importErrors('src/extension/someHostFile.ts'), []);
  });
});
