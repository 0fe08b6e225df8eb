// The secret-file rules' two bases: the user's globs are relative to the workspace folder; a path named
// from a repository root above the folder is matched in its folder-relative form too, and an absolute
// path (a file outside the workspace, named by its real path) is judged without the library throwing.
import assert from 'node:assert/strict';
import path from 'node:path';
import { SecretFileRules } from '../../../src/core/tools/secretFiles';

describe('SecretFileRules', () => {
  it('judges an absolute path by the built-in names and by the globs that match at any depth, never by an anchored one', () => {
    const rules = new SecretFileRules(['*.sqlite', 'config/prod/**']);
    assert.match(rules.match('/home/u/.ssh/notes.txt')?.reason ?? '', /files in \.ssh\//);
    assert.match(rules.match('/home/u/data.sqlite')?.reason ?? '', /svc\.agent\.protectedFiles/);
    assert.equal(rules.match('/home/u/config/prod/db.yml'), undefined);
    assert.equal(rules.match('/home/u/notes.txt'), undefined);
  });

  it('matches git names of a folder below the repository root against the folder-relative globs, and the root-relative ones still', () => {
    const root = path.join(path.sep, 'repo');
    const rules = SecretFileRules.forRepository(['config/prod/**', 'app/deploy/*.txt'], root, [path.join(root, 'app'), path.join(path.sep, 'elsewhere')]);
    assert.ok(rules.match('app/config/prod/db.yml'), 'the folder-relative glob');
    assert.ok(rules.match('app/deploy/hosts.txt'), 'the root-relative glob');
    assert.equal(rules.match('lib/config/prod/db.yml'), undefined, 'a file of another folder of the repository is not the folder’s');
    assert.equal(new SecretFileRules(['config/prod/**']).match('app/config/prod/db.yml'), undefined, 'without the base, the anchored glob misses');
  });
});
