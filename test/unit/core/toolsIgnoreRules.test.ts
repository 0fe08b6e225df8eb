import assert from 'node:assert/strict';
import { IgnoreRules } from '../../../src/extension/workspaceTools/ignoreRules';

describe('extension/workspaceTools IgnoreRules (the workspace listing filter)', () => {
  const rules = new IgnoreRules(['**/node_modules', '**/*.tmp']);
  rules.addGitignore('', 'dist/\n*.log\n!keep.log\n/root-only.txt\n');
  rules.addGitignore('packages/app', 'generated/\nsecret.json\n');

  const cases: [string, boolean, boolean][] = [
    ['dist', true, true],
    ['src/dist', true, true],
    ['debug.log', false, true],
    ['keep.log', false, false],
    ['root-only.txt', false, true],
    ['src/root-only.txt', false, false],
    ['packages/app/generated', true, true],
    ['packages/app/secret.json', false, true],
    ['packages/other/secret.json', false, false],
    ['a/b/node_modules', true, true],
    ['notes.tmp', false, true],
    ['.git', true, true],
    ['src/index.ts', false, false],
  ];
  for (const [relative, isDirectory, ignored] of cases) {
    it(`${ignored ? 'ignores' : 'keeps'} ${relative}${isDirectory ? '/' : ''}`, () => {
      assert.equal(rules.ignores(relative, isDirectory), ignored);
    });
  }
});
