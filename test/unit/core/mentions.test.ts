import assert from 'node:assert/strict';
import { mentionCandidates } from '../../../src/core/context/mentionCandidates';
import { draftMentions, parseMentions, resolveMentions, type MentionSources } from '../../../src/core/context/mentions';

const sources = (overrides: Partial<MentionSources> = {}): MentionSources => ({
  path: async (p, budget) => (p === 'src/app.ts' ? { title: 'file src/app.ts', text: 'const app = 1;' } : p === 'big.txt' ? { title: 'file big.txt', text: 'x'.repeat(budget + 100) } : { error: `no file or folder "${p}" in the workspace` }),
  problems: async () => ({ title: '2 problems', text: 'src/app.ts:3: error: Cannot find name "x"' }),
  selection: async () => ({ error: 'no text is selected in the editor' }),
  terminal: async () => ({ error: 'the terminal has no shell integration, so its last command cannot be read' }),
  git: async () => ({ title: 'uncommitted changes', text: 'diff --git a/x b/x' }),
  url: async (url) => ({ title: url, text: '# Page' }),
  ...overrides,
});

describe('@-mentions', () => {
  it('finds each kind once, in order, and not inside an e-mail address', () => {
    assert.deepEqual(parseMentions('Fix @src/app.ts using @problems, see @url:https://x.dev/a and @https://y.dev; mail me@example.com @git @src/app.ts.'), [
      { kind: 'path', value: 'src/app.ts', raw: '@src/app.ts' },
      { kind: 'problems', value: '', raw: '@problems' },
      { kind: 'url', value: 'https://x.dev/a', raw: '@url:https://x.dev/a' },
      { kind: 'url', value: 'https://y.dev', raw: '@https://y.dev' },
      { kind: 'git', value: '', raw: '@git' },
    ]);
    assert.deepEqual(parseMentions('@selection and @terminal'), [
      { kind: 'selection', value: '', raw: '@selection' },
      { kind: 'terminal', value: '', raw: '@terminal' },
    ]);
  });

  it('resolves each mention into a system message, and says why one cannot be resolved without stopping the others', async () => {
    const result = await resolveMentions(parseMentions('@src/app.ts @missing.ts @problems @selection @terminal @git'), sources());
    assert.deepEqual(result.messages.map((m) => String(m.content).split('\n')[0]), [
      'The user mentioned @src/app.ts (file src/app.ts):',
      'The user mentioned @problems (2 problems):',
      'The user mentioned @git (uncommitted changes):',
    ]);
    assert.deepEqual(result.problems, [
      { raw: '@missing.ts', reason: 'no file or folder "missing.ts" in the workspace' },
      { raw: '@selection', reason: 'no text is selected in the editor' },
      { raw: '@terminal', reason: 'the terminal has no shell integration, so its last command cannot be read' },
    ]);
  });

  it('cuts a huge mention to the budget and leaves nothing for the ones after it', async () => {
    const result = await resolveMentions(parseMentions('@big.txt @src/app.ts'), sources(), 1000);
    assert.equal(result.messages.length, 1);
    assert.match(String(result.messages[0]?.content), /\[cut: 1100 characters; only the first 1000 are sent\]$/);
    assert.deepEqual(result.problems, [{ raw: '@src/app.ts', reason: 'the mentions before it used the whole budget' }]);
  });

  it("lists the draft's mentions in order for its chips, resolving all but a URL, which is fetched only once sent", async () => {
    let fetched = 0;
    const outcomes = await draftMentions('@https://x.dev @src/app.ts @missing.ts', sources({ url: async () => ({ title: 'x', text: String(++fetched) }) }));
    assert.equal(fetched, 0, 'typing a URL fetches nothing');
    assert.deepEqual(outcomes.map((o) => [o.raw, o.kind, o.message !== undefined, o.problem]), [
      ['@https://x.dev', 'url', false, undefined],
      ['@src/app.ts', 'path', true, undefined],
      ['@missing.ts', 'path', false, 'no file or folder "missing.ts" in the workspace'],
    ]);
  });

  it('turns a source that throws into a reason', async () => {
    const result = await resolveMentions(parseMentions('@git'), sources({ git: async () => Promise.reject(new Error('git is not installed')) }));
    assert.deepEqual(result.problems, [{ raw: '@git', reason: 'git is not installed' }]);
  });
});

describe('the @ completion candidates', () => {
  it('offers the keywords and the workspace paths that match in order, exact matches in the name first', () => {
    const files = ['src/app.ts', 'src/application/main.ts', 'docs/api.md', 'test/app.test.ts'];
    assert.deepEqual(mentionCandidates('app', files).map((c) => c.value), ['src/app.ts', 'src/application', 'test/app.test.ts', 'src/application/main.ts']);
    assert.deepEqual(mentionCandidates('prob', files).map((c) => `${c.kind}:${c.value}`), ['problems:problems']);
    assert.equal(mentionCandidates('', files, 3).length, 3);
    assert.deepEqual(mentionCandidates('sat', files).map((c) => c.value), ['src/app.ts', 'test/app.test.ts', 'src/application', 'src/application/main.ts'], 'fuzzy: s…a…t in order');
    assert.deepEqual(mentionCandidates('zzz', files), []);
  });
});
