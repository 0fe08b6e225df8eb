// The path gate (src/core/tools/pathPolicy.ts with the rule of pathRules.ts) on real folders: a git
// repository whose .gitignore leaves out a .env inside a folder the agent would move or delete, files
// that run code, and the reasons in both languages: with the display language set to Simplified Chinese
// (the committed zh-cn bundle), what the model reads stays English and what the user reads is Chinese.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { WorkspacePathPolicy, type PathQuestion } from '../../../src/core/tools/pathPolicy';
import { SecretFileRules } from '../../../src/core/tools/secretFiles';
import { nodeTestHost } from '../../support/testWorkspaceHost';

const ZH_CN = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

/** The display language set to zh-cn, as VS Code's translator does with the committed bundle. */
function displayInChinese(): void {
  useTranslator((message, args) => {
    const translated = ZH_CN[message];
    assert.ok(translated !== undefined, `"${message}" has a zh-cn translation`);
    return englishText(translated, args);
  });
}

const HAN = /[\u4e00-\u9fff]/;

function summary(questions: readonly PathQuestion[]): string[] {
  return questions.map((question) => `${question.kind} ${question.display}`);
}

describe('core/tools the path gate on a real git repository', () => {
  let root: string;
  let policy: WorkspacePathPolicy;

  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-gate-')));
    execFileSync('git', ['init', '-q', root]);
    await fs.mkdir(path.join(root, 'service', 'config'), { recursive: true });
    await fs.mkdir(path.join(root, 'docs'));
    await fs.writeFile(path.join(root, '.gitignore'), '.env\nservice/config/local.json\n');
    await fs.writeFile(path.join(root, 'service', '.env'), 'DB_PASSWORD=hunter2\n');
    await fs.writeFile(path.join(root, 'service', 'config', 'local.json'), '{}\n');
    await fs.writeFile(path.join(root, 'service', 'main.ts'), 'export {};\n');
    await fs.writeFile(path.join(root, 'service', 'package.json'), '{ "scripts": {} }\n');
    await fs.writeFile(path.join(root, 'docs', 'guide.md'), '# Guide\n');
    policy = new WorkspacePathPolicy(nodeTestHost([{ name: 'ws', path: root }]).files, new SecretFileRules(['docs/private/**']));
  });

  afterEach(async () => {
    useTranslator(englishText);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('a folder to move or delete is walked whole: the git-ignored .env inside is asked about, as is a file that runs code', async () => {
    const listed = await nodeTestHost([{ name: 'ws', path: root }]).files.listFiles(path.join(root, 'service'), { recursive: true, limit: 100 });
    assert.ok(!listed.some((entry) => entry.path.endsWith('.env')), 'a listing for the model leaves the ignored .env out');
    const folder = await policy.resolve('service', 'change');
    assert.deepEqual(summary(folder.questions), ['secret service/.env', 'protected service/package.json']);
    assert.equal(folder.questions.find((question) => question.kind === 'secret')?.allowAlways, false, 'a secret is asked every time');
    assert.deepEqual((await policy.walk(folder.path, 100)).map((entry) => path.relative(root, entry.path)).sort(), [
      'service/.env',
      'service/config',
      'service/config/local.json',
      'service/main.ts',
      'service/package.json',
    ]);
  });

  it('a folder with nothing secret or protected goes; reading a folder asks nothing (its files are judged when read)', async () => {
    assert.deepEqual((await policy.resolve('docs', 'change')).questions, []);
    assert.deepEqual((await policy.resolve('service', 'read')).questions, []);
  });

  it("the user's svc.agent.protectedFiles globs count inside a moved folder too", async () => {
    await fs.mkdir(path.join(root, 'docs', 'private'));
    await fs.writeFile(path.join(root, 'docs', 'private', 'salaries.md'), 'x');
    assert.deepEqual(summary((await policy.resolve('docs', 'change')).questions), ['secret docs/private/salaries.md']);
  });

  it('a symlink inside a folder to move is judged by its name and never entered', async () => {
    await fs.mkdir(path.join(root, 'keys'));
    await fs.writeFile(path.join(root, 'keys', 'inner.txt'), 'x');
    await fs.symlink(path.join(root, 'docs', 'guide.md'), path.join(root, 'service', 'id_rsa'));
    await fs.symlink(path.join(root, 'keys'), path.join(root, 'service', 'linked'));
    const folder = await policy.resolve('service', 'change');
    assert.deepEqual(summary(folder.questions), ['secret service/.env', 'secret service/id_rsa', 'protected service/package.json']);
    const walked = (await policy.walk(folder.path, 100)).map((entry) => `${entry.kind} ${path.relative(root, entry.path)}`);
    assert.ok(walked.includes('symlink service/linked') && !walked.some((entry) => entry.includes('inner.txt')), walked.join(', '));
  });

  it('a folder too large to look through is asked about, saying so', async () => {
    const small = new WorkspacePathPolicy(nodeTestHost([{ name: 'ws', path: root }]).files, new SecretFileRules(), { maxWalkedEntries: 2 });
    const folder = await small.resolve('service', 'change');
    assert.deepEqual(summary(folder.questions).at(-1), 'unchecked service');
    assert.match(folder.questions.at(-1)?.why.reason ?? '', /more than 2 files and folders/);
  });

  it('the rule by access: a read asks about secrets and git-ignored files, a change about existing secrets and protected files', async () => {
    assert.deepEqual(summary((await policy.resolve('service/.env', 'read')).questions), ['secret service/.env']);
    assert.deepEqual(summary((await policy.resolve('service/config/local.json', 'read')).questions), ['ignored service/config/local.json']);
    assert.equal((await policy.resolve('service/config/local.json', 'read')).questions[0]?.allowAlways, true, '"Always for this task" may cover it');
    assert.deepEqual((await policy.resolve('service/package.json', 'read')).questions, [], 'reading runs nothing');
    assert.deepEqual(summary((await policy.resolve('service/.env', 'change')).questions), ['secret service/.env']);
    assert.deepEqual(summary((await policy.resolve('service/package.json', 'change')).questions), ['protected service/package.json']);
    assert.deepEqual((await policy.resolve('service/config/local.json', 'change')).questions, [], 'a change of an ignored file is asked as an edit');
    assert.deepEqual(summary((await policy.resolve('service/new/.env', 'change')).questions), [], 'a new file has nothing to read');
    assert.deepEqual(summary((await policy.resolve('.github/workflows/ci.yml', 'change')).questions), ['protected .github/workflows/ci.yml']);
  });

  it('a symlink is judged by its name and by where it leads', async () => {
    await fs.symlink(path.join(root, 'service', 'main.ts'), path.join(root, 'credentials.json'));
    await fs.symlink(path.join(root, 'service', '.env'), path.join(root, 'notes.txt'));
    assert.deepEqual(summary((await policy.resolve('credentials.json', 'read')).questions), ['secret service/main.ts']);
    const linked = (await policy.resolve('notes.txt', 'read')).questions[0];
    assert.equal(linked?.why.reason, 'it leads to service/.env: its name is one that holds keys, tokens or passwords');
  });

  it('with the display language set to zh-cn, every reason the model reads is English and the one the user reads is Chinese', async () => {
    displayInChinese();
    await fs.symlink(path.join(root, 'service', '.env'), path.join(root, 'notes.txt'));
    const questions = [
      ...(await policy.resolve('service', 'change')).questions,
      ...(await policy.resolve('service/config/local.json', 'read')).questions,
      ...(await policy.resolve('notes.txt', 'read')).questions,
    ];
    await fs.mkdir(path.join(root, 'docs', 'private'));
    await fs.writeFile(path.join(root, 'docs', 'private', 'pay.md'), 'x');
    questions.push(...(await policy.resolve('docs/private/pay.md', 'read')).questions);
    assert.deepEqual(questions.map((question) => question.kind), ['secret', 'protected', 'ignored', 'secret', 'secret']);
    assert.deepEqual(
      questions.map((question) => question.why.reason),
      [
        'its name is one that holds keys, tokens or passwords',
        'package.json: its scripts run on install, build and test',
        "the workspace's .gitignore leaves it out, as it does for secrets and generated files",
        'it leads to service/.env: its name is one that holds keys, tokens or passwords',
        'it matches your svc.agent.protectedFiles setting',
      ],
    );
    for (const question of questions) {
      assert.ok(!HAN.test(question.why.reason), `the model's reason is English: ${question.why.reason}`);
      assert.ok(HAN.test(question.why.shownReason), `the user's reason is Chinese: ${question.why.shownReason}`);
    }
    assert.equal(questions[0]?.why.shownReason, ZH_CN['its name is one that holds keys, tokens or passwords']);
  });
});
