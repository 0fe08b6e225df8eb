import assert from 'node:assert/strict';
import { carriesRules, nestedRulesFor, nestedRulesMessage, rulesFilesFor, type NestedRulesSource } from '../../../src/core/rules/nestedRules';
import { NestedRulesTool, TaskNestedRules } from '../../../src/core/rules/nestedRulesTool';
import { MAX_RULES_CHARS } from '../../../src/core/rules/projectRules';
import { done, failed, functionDefinition, type Tool, type ToolRunResult } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';

const FOLDERS = new Set(['packages', 'packages/api', 'packages/api/src', 'docs']);

function source(files: Record<string, string>, reads: string[] = []): NestedRulesSource {
  return {
    read: async (file) => {
      reads.push(file);
      return files[file];
    },
    isFolder: async (p) => FOLDERS.has(p),
  };
}

function fakeTool(result: ToolRunResult): Tool {
  return { definition: functionDefinition('read_file', 'Read a file.', { path: { type: 'string', description: 'path' } }, ['path']), origin: { kind: 'workspace' }, traits: toolTraits({ readsWorkspace: true, pathArgument: true }), display: STAND_IN_DISPLAY, run: async () => result };
}

const signal = new AbortController().signal;

describe("a subfolder's AGENTS.md", () => {
  it('applies to the files and folders under it: one rules file per folder on the way, outermost first, never outside the workspace', async () => {
    const s = source({});
    assert.deepEqual(await rulesFilesFor('packages/api/src/index.ts', s), ['packages/AGENTS.md', 'packages/api/AGENTS.md', 'packages/api/src/AGENTS.md']);
    assert.deepEqual(await rulesFilesFor('packages/api', s), ['packages/AGENTS.md', 'packages/api/AGENTS.md'], "a folder's own rules apply to it");
    assert.deepEqual(await rulesFilesFor('README.md', s), [], "the root's file is a standing rule");
    assert.deepEqual(await rulesFilesFor('./docs/', s), ['docs/AGENTS.md']);
    assert.deepEqual(await rulesFilesFor('packages/../../etc/passwd', s), []);
  });

  it('reads only the files that exist, each once across paths, skips those already sent, and caps a huge one', async () => {
    const reads: string[] = [];
    const s = source({ 'packages/api/AGENTS.md': 'Use zod for every schema.', 'docs/AGENTS.md': 'x'.repeat(MAX_RULES_CHARS + 10), 'packages/AGENTS.md': '  ' }, reads);
    const rules = await nestedRulesFor(['packages/api/src/a.ts', 'packages/api/src/b.ts', 'docs/guide.md'], s, (label) => label === 'docs/AGENTS.md');
    assert.deepEqual(rules, [{ label: 'packages/api/AGENTS.md', scope: 'workspace', text: 'Use zod for every schema.' }]);
    assert.deepEqual(reads, ['packages/AGENTS.md', 'packages/api/AGENTS.md', 'packages/api/src/AGENTS.md'], 'each candidate read once; a sent one not at all');
    const [docs] = await nestedRulesFor(['docs/guide.md'], s, () => false);
    assert.match(docs?.text ?? '', /\[cut: docs\/AGENTS.md has 32010 characters; only the first 32000 are sent\]$/);
  });

  it('goes as a message that names its file and folder, which a later turn recognises as sent', () => {
    const message = nestedRulesMessage({ label: 'packages/api/AGENTS.md', scope: 'workspace', text: 'Use zod.' });
    assert.equal(message.content, 'Rules of packages/api/AGENTS.md (from the workspace), for the files under packages/api/:\n\nUse zod.');
    assert.equal(carriesRules([{ content: 'other' }, message], 'packages/api/AGENTS.md'), true);
    assert.equal(carriesRules([message], 'packages/AGENTS.md'), false);
  });

  it("follows an agent file tool's result the first time the task touches the folder, and only after a success", async () => {
    const rules = new TaskNestedRules(source({ 'packages/api/AGENTS.md': 'Use zod.' }));
    const tool = new NestedRulesTool(fakeTool(done('file text')), rules);
    const first = await tool.run({ raw: '{"path":"packages/api/src/a.ts"}', value: { path: 'packages/api/src/a.ts' } }, signal);
    assert.equal(first.content, 'file text\n\n---\nRules of packages/api/AGENTS.md (from the workspace), for the files under packages/api/:\n\nUse zod.');
    const again = await tool.run({ raw: '{"path":"packages/api/b.ts"}', value: { path: 'packages/api/b.ts' } }, signal);
    assert.equal(again.content, 'file text', 'sent once per task');
    const failing = new NestedRulesTool(fakeTool(failed('no such file')), new TaskNestedRules(source({ 'packages/api/AGENTS.md': 'Use zod.' })));
    assert.equal((await failing.run({ raw: '', value: { path: 'packages/api/x.ts' } }, signal)).content, 'no such file');
  });
});
