// Commit messages from a real repository's diff: the diff cut to the model's budget, the repository's
// recent subjects as style examples, the reply cleaned, and the whole path on the real emulator, which
// answers a commit-message request from the diff's file names.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SvcClient } from '../../../src/api/index';
import { cleanCommitMessage, commitMessageMessages, commitStyleExamples, COMMIT_MESSAGE_SYSTEM_PROMPT } from '../../../src/core/scm/commitMessagePrompt';
import { NothingToDescribeError, writeCommitMessage, type CommitMessagePorts } from '../../../src/core/scm/commitMessageWriter';
import { diffBudgetChars, splitDiff, summariseDiff } from '../../../src/core/scm/diffSummary';
import { SecretFileRules } from '../../../src/core/tools/secretFiles';
import { commitMessageReply } from '../../../src/emulator/commitMessageReply';
import { startEmulatorTestBed, tempDir } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

function repository(): { root: string; git: (...args: string[]) => string } {
  const root = tempDir('svc-commit-message-');
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: GIT_ENV, maxBuffer: 64 * 1024 * 1024 });
  git('init', '--quiet');
  git('config', 'user.email', 'a@b.invalid');
  git('config', 'user.name', 'a');
  return { root, git };
}

function commit(repo: ReturnType<typeof repository>, file: string, text: string, subject: string): void {
  fs.mkdirSync(path.dirname(path.join(repo.root, file)), { recursive: true });
  fs.writeFileSync(path.join(repo.root, file), text);
  repo.git('add', file);
  repo.git('commit', '--quiet', '-m', subject);
}

let madeDiff: string | undefined;

/** A large change: a generated 20,000-line file beside two small hand-written edits (made once). */
function largeDiff(): string {
  madeDiff ??= makeLargeDiff();
  return madeDiff;
}

function makeLargeDiff(): string {
  const repo = repository();
  commit(repo, 'src/app.ts', 'export const a = 1;\n', 'Add the app');
  commit(repo, 'README.md', '# App\n', 'Add the readme');
  fs.writeFileSync(path.join(repo.root, 'src/app.ts'), 'export const a = 2;\nexport const b = 3;\n');
  fs.writeFileSync(path.join(repo.root, 'README.md'), '# App\n\nUsage: run it.\n');
  fs.writeFileSync(path.join(repo.root, 'generated.json'), Array.from({ length: 20_000 }, (_, i) => `{"row": ${i}, "value": "${'x'.repeat(20)}"}`).join('\n') + '\n');
  repo.git('add', '-A');
  const diff = repo.git('diff', '--cached', '--no-color', '--no-renames');
  fs.rmSync(repo.root, { recursive: true, force: true });
  return diff;
}

describe('core/scm diff summary', () => {
  it('splits a real diff into its files with their added and removed lines', () => {
    const files = splitDiff(largeDiff());
    assert.deepEqual(
      files.map((f) => [f.path, f.added, f.removed]),
      [
        ['README.md', 2, 0],
        ['generated.json', 20_000, 0],
        ['src/app.ts', 2, 1],
      ],
    );
  });

  it('keeps a diff that fits whole, unmarked', () => {
    const files = splitDiff(largeDiff()).filter((f) => f.path !== 'generated.json');
    const summary = summariseDiff(files, 10_000);
    assert.equal(summary.shortened, false);
    assert.match(summary.text, /^\+export const b = 3;$/m);
  });

  for (const budget of [diffBudgetChars(8 * 1024), diffBudgetChars(undefined), 3_000]) {
    it(`fits a 20,000-line change into ${budget} characters, naming every file and keeping the small edits whole`, () => {
      const diff = largeDiff();
      assert.ok(diff.length > budget * 10, 'the change is far over the budget');
      const summary = summariseDiff(splitDiff(diff), budget);
      assert.equal(summary.shortened, true);
      assert.ok(summary.text.length <= budget, `${summary.text.length} characters within ${budget}`);
      assert.match(summary.text, /^generated\.json \| \+20000 -0$/m);
      assert.match(summary.text, /^src\/app\.ts \| \+2 -1$/m);
      assert.match(summary.text, /^\+export const b = 3;$/m, 'the small edit is whole');
      assert.match(summary.text, /^\+Usage: run it\.$/m);
      assert.match(summary.text, /^… \(\d+ more lines of this file left out\)$/m);
    });
  }

  it('takes its budget from the model: less for an 8K model, capped for a long one', () => {
    assert.ok(diffBudgetChars(8 * 1024) < diffBudgetChars(32 * 1024));
    assert.equal(diffBudgetChars(128 * 1024), diffBudgetChars(1024 * 1024));
    assert.ok(diffBudgetChars(8 * 1024) / 3 + 3_072 <= 8 * 1024, 'the diff and the reserve fit an 8K model');
  });
});

describe('core/scm commit style and prompt', () => {
  it('takes the last subjects as examples, leaving out merges and reverts and cutting long ones', () => {
    const log = ['feat(scm): write messages', 'Merge branch main into x', 'Revert "feat: y"', '', `fix: ${'z'.repeat(300)}`, ...Array.from({ length: 20 }, (_, i) => `chore: step ${i}`)].join('\n');
    const examples = commitStyleExamples(log);
    assert.equal(examples.length, 10);
    assert.equal(examples[0], 'feat(scm): write messages');
    assert.ok(examples.every((e) => !e.startsWith('Merge') && !e.startsWith('Revert')));
    assert.equal(examples[1]?.length, 201);
  });

  it('gives the examples and the fenced diff to the model, and says when secret files were left out', () => {
    const [system, user] = commitMessageMessages({ examples: ['Add x'], diff: 'diff --git a/a b/a\n```', changes: 'staged', shortened: false, secretFilesLeftOut: ['.env'] });
    assert.equal(system?.content, COMMIT_MESSAGE_SYSTEM_PROMPT);
    const text = String(user?.content);
    assert.match(text, /^- Add x$/m);
    assert.match(text, /^````diff$/m, 'the fence is longer than the backticks in the diff');
    assert.match(text, /1 file whose content is not shown/);
    assert.doesNotMatch(text, /\.env/);
  });

  it('cleans a reply of its fence, label and quotes', () => {
    assert.equal(cleanCommitMessage('```\nAdd x  \n\nBody\n```'), 'Add x\n\nBody');
    assert.equal(cleanCommitMessage('Commit message: "Add x"'), 'Add x');
    assert.equal(cleanCommitMessage('  Fix "quoted" word\n'), 'Fix "quoted" word');
  });

  it('the emulator answers the request with the changed files, in the examples\' prefix style', () => {
    const messages = commitMessageMessages({ examples: ['feat: a', 'fix: b'], diff: 'diff --git a/src/app.ts b/src/app.ts\n+x', changes: 'staged', shortened: false, secretFilesLeftOut: [] });
    assert.equal(commitMessageReply(messages), 'feat: Update app.ts');
    assert.equal(commitMessageReply([{ role: 'user', content: 'hello' }]), undefined);
  });
});

describe('core/scm writeCommitMessage on the emulator', () => {
  const bed = perSuite(() => startEmulatorTestBed());
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  function ports(root: string, sent: unknown[]): CommitMessagePorts {
    const client = {
      chatStream: (request: Parameters<SvcClient['chatStream']>[0], options?: { signal?: AbortSignal }) => {
        sent.push(structuredClone(request));
        return bed.client.chatStream(request, options);
      },
    };
    return {
      git: async (args) => execFileSync('git', [...args], { cwd: root, encoding: 'utf8', env: GIT_ENV }),
      client: async () => client,
      settings: { model: 'svc-v1-8k', thinking: false, jsonMode: true, choiceCount: 3 },
      cacheKey: 'workspace-key',
      secrets: new SecretFileRules(),
    };
  }

  it('streams a message for the staged change, with the recent subjects as examples and the chat\'s model and cache key', async () => {
    const repo = repository();
    roots.push(repo.root);
    commit(repo, 'a.txt', 'one\n', 'docs: add a');
    commit(repo, 'b.txt', 'one\n', 'docs: add b');
    fs.writeFileSync(path.join(repo.root, 'a.txt'), 'two\n');
    fs.writeFileSync(path.join(repo.root, 'b.txt'), 'two\n');
    repo.git('add', 'b.txt');
    const sent: unknown[] = [];
    const seen: string[] = [];
    const written = await writeCommitMessage(ports(repo.root, sent), (text) => seen.push(text), new AbortController().signal);
    assert.equal(written.changes, 'staged');
    assert.equal(written.message, 'docs: Update b.txt');
    assert.ok(seen.length >= 1 && seen.at(-1) === 'docs: Update b.txt', 'the message streamed');
    const request = sent[0] as { model: string; prompt_cache_key: string; n?: number; response_format?: unknown; messages: { content: string }[] };
    assert.equal(request.model, 'svc-v1-8k');
    assert.equal(request.prompt_cache_key, 'workspace-key');
    assert.equal(request.n, undefined, 'one message, whatever the chat\'s alternatives');
    assert.equal(request.response_format, undefined, 'plain text, whatever the chat\'s JSON mode');
    assert.match(request.messages[1]?.content ?? '', /^- docs: add b\n- docs: add a$/m);
    assert.doesNotMatch(request.messages[1]?.content ?? '', /a\.txt/, 'only the staged file');
  });

  it('describes the unstaged change when nothing is staged, and says when there is nothing at all', async () => {
    const repo = repository();
    roots.push(repo.root);
    commit(repo, 'a.txt', 'one\n', 'Add a');
    await assert.rejects(writeCommitMessage(ports(repo.root, []), () => undefined, new AbortController().signal), NothingToDescribeError);
    fs.writeFileSync(path.join(repo.root, 'a.txt'), 'two\n');
    const written = await writeCommitMessage(ports(repo.root, []), () => undefined, new AbortController().signal);
    assert.equal(written.changes, 'unstaged');
    assert.equal(written.message, 'Update a.txt');
  });

  it('stops when cancelled', async () => {
    const repo = repository();
    roots.push(repo.root);
    commit(repo, 'a.txt', 'one\n', 'Add a');
    fs.writeFileSync(path.join(repo.root, 'a.txt'), 'two\n');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(writeCommitMessage(ports(repo.root, []), () => undefined, controller.signal));
  });
});
