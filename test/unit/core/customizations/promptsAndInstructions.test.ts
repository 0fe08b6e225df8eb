import assert from 'node:assert/strict';
import { expandPrompt, promptInputs } from '../../../../src/core/customizations/promptCommand';
import { carriesInstructions, instructionsFor, scopedInstructionsMessage } from '../../../../src/core/customizations/scopedInstructions';
import { instructionRules } from '../../../../src/core/customizations/standingCustomizations';
import { HIDDEN_CHARACTERS } from '../../../../src/core/customizations/hiddenCharacters';
import { revealHiddenText } from '../../../../src/shared/revealHiddenText';
import { customizationBed, type CustomizationBed } from './customizationBed';
import { ScopedInstructionsTool, TaskScopedInstructions } from '../../../../src/core/customizations/scopedInstructionsTool';
import { done, functionDefinition, type Tool } from '../../../../src/core/tools/tool';
import { toolTraits } from '../../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../../support/registeredTools';

describe('prompt files and Claude Code commands', () => {
  let bed: CustomizationBed;
  beforeEach(async () => (bed = await customizationBed()));
  afterEach(() => bed.remove());

  it('reads description, argument hint, mode or agent, model and tools from both formats', async () => {
    await bed.write('.github/prompts/explain-code.prompt.md', '---\ndescription: Explain the code\nargument-hint: <file>\nagent: edit\nmodel: svc-large\ntools: [read_file, search_text]\n---\nExplain ${input:topic:what to explain} in $ARGUMENTS.');
    await bed.write('.claude/commands/commit.md', '---\ndescription: Write a commit\nargument-hint: "[message]"\nallowed-tools: Bash(git add:*), Bash(git commit:*)\n---\nCommit with message $1.');
    await bed.write('~/.claude/commands/standup.md', 'Summarise what I did yesterday.');
    await bed.write('.github/prompts/not a name.prompt.md', 'x');
    const items = await bed.catalog.items();
    const prompt = items.find((i) => i.name === 'explain-code');
    assert.equal(prompt?.description, 'Explain the code');
    assert.deepEqual(prompt?.details, { kind: 'prompt', body: 'Explain ${input:topic:what to explain} in $ARGUMENTS.', argumentHint: '<file>', mode: 'agent', model: 'svc-large', tools: ['read_file', 'search_text'] });
    const commit = items.find((i) => i.name === 'commit');
    assert.deepEqual(commit?.origin, { scope: 'workspace', location: '.claude/commands' });
    assert.deepEqual(commit?.details, { kind: 'prompt', body: 'Commit with message $1.', argumentHint: '[message]', tools: ['Bash(git add:*)', 'Bash(git commit:*)'] });
    assert.deepEqual(items.find((i) => i.name === 'standup')?.origin, { scope: 'user', location: '~/.claude/commands' });
    const bad = items.find((i) => i.label === '.github/prompts/not a name.prompt.md');
    assert.deepEqual(bad?.validity, { state: 'invalid', problems: [{ field: 'file name', message: '"not a name" cannot be a command: use letters, digits, "-" and "_", starting with a letter or digit' }] });
  });

  it('fills $ARGUMENTS, $1… and ${input:…}, and keeps what was typed when the prompt has no place for it', () => {
    const body = 'Review ${input:file} for ${input:concern:security}; then ${input:file} again. Args: $ARGUMENTS, first $1, second $2, tenth $10.';
    assert.deepEqual(promptInputs(body), [{ name: 'file' }, { name: 'concern', placeholder: 'security' }]);
    assert.equal(expandPrompt(body, 'a b', { file: 'x.ts', concern: 'speed' }), 'Review x.ts for speed; then x.ts again. Args: a b, first a, second b, tenth $10.');
    assert.equal(expandPrompt('Summarise the diff.', 'only src/'), 'Summarise the diff.\n\nonly src/');
    assert.equal(expandPrompt('Summarise the diff.', ''), 'Summarise the diff.');
  });
});

describe('instruction files', () => {
  let bed: CustomizationBed;
  beforeEach(async () => (bed = await customizationBed()));
  afterEach(() => bed.remove());

  it('carries copilot-instructions.md, CLAUDE.md and applyTo "**" with every request, as rules', async () => {
    await bed.write('.github/copilot-instructions.md', 'Use tabs.');
    await bed.write('CLAUDE.md', '# Project\nRun npm test.');
    await bed.write('~/.claude/CLAUDE.md', 'I prefer short answers.');
    await bed.write('.github/instructions/all.instructions.md', '---\napplyTo: "**"\n---\nEverywhere.');
    await bed.write('.github/instructions/ts.instructions.md', '---\napplyTo: "src/**/*.ts, *.tsx"\n---\nStrict TypeScript.');
    await bed.write('.github/instructions/manual.instructions.md', 'Only when attached.');
    const rules = instructionRules(await bed.catalog.items());
    assert.deepEqual(
      rules.map((r) => [r.label, r.scope, r.text]),
      [
        ['.github/copilot-instructions.md', 'workspace', 'Use tabs.'],
        ['.github/instructions/all.instructions.md', 'workspace', 'Everywhere.'],
        ['CLAUDE.md', 'workspace', '# Project\nRun npm test.'],
        ['~/.claude/CLAUDE.md', 'user', 'I prefer short answers.'],
      ],
    );
  });

  it('applies a file with applyTo to the files the request touches, and sends it once', async () => {
    await bed.write('.github/instructions/ts.instructions.md', '---\napplyTo: "src/**/*.ts, *.tsx"\n---\nStrict TypeScript.');
    await bed.write('.github/instructions/py.instructions.md', '---\napplyTo: ["**/*.py"]\n---\nUse black.');
    await bed.write('.github/instructions/manual.instructions.md', 'Only when attached.');
    const items = await bed.catalog.items();
    const names = (paths: string[]) => instructionsFor(items, paths).map((i) => i.label);
    assert.deepEqual(names(['src/a/b.ts']), ['.github/instructions/ts.instructions.md']);
    assert.deepEqual(names(['README.md']), []);
    assert.deepEqual(names(['tools/x.py', 'app.tsx']), ['.github/instructions/py.instructions.md', '.github/instructions/ts.instructions.md']);
    assert.deepEqual(names(['../outside/src/a.ts']), []);
    const message = scopedInstructionsMessage(instructionsFor(items, ['src/a.ts'])[0]!);
    assert.equal(message.content, 'Instructions of .github/instructions/ts.instructions.md (from the workspace), for the files matching src/**/*.ts, *.tsx:\n\nStrict TypeScript.');
    assert.equal(carriesInstructions([message], '.github/instructions/ts.instructions.md'), true);
    assert.equal(carriesInstructions([message], '.github/instructions/py.instructions.md'), false);
  });
});

describe('the hidden characters of customizations', () => {
  it("are the ones the view's revealHiddenText marks, over every code point of the planes that hold them", () => {
    for (let code = 0; code <= 0xe01ff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (code > 0xffff && code < 0xe0000) continue;
      const char = String.fromCodePoint(code);
      if (char === '\n' || char === '\t') continue;
      const ours = char.replace(HIDDEN_CHARACTERS, '') !== char;
      const view = revealHiddenText(`a${char}b`).hiddenCount > 0;
      assert.equal(ours, view, `U+${code.toString(16)}`);
    }
  });
});

describe("instruction files in an agent task's file tools", () => {
  let bed: CustomizationBed;
  beforeEach(async () => (bed = await customizationBed()));
  afterEach(() => bed.remove());

  it('follow the first result of a tool that touched a matching file, once per task', async () => {
    await bed.write('.github/instructions/ts.instructions.md', '---\napplyTo: "src/**/*.ts"\n---\nStrict TypeScript.');
    const instructions = new TaskScopedInstructions(() => bed.catalog.items());
    const inner: Tool = { definition: functionDefinition('read_file', 'Read.', { path: { type: 'string', description: 'path' } }, ['path']), origin: { kind: 'workspace' }, traits: toolTraits({ readsWorkspace: true, pathArgument: true }), display: STAND_IN_DISPLAY, run: async () => done('file text') };
    const tool = new ScopedInstructionsTool(inner, instructions);
    const signal = new AbortController().signal;
    const read = (path: string) => tool.run({ raw: '', value: { path } }, signal);
    assert.equal((await read('README.md')).content, 'file text');
    assert.equal((await read('src/a.ts')).content, 'file text\n\n---\nInstructions of .github/instructions/ts.instructions.md (from the workspace), for the files matching src/**/*.ts:\n\nStrict TypeScript.');
    assert.equal((await read('src/b.ts')).content, 'file text', 'sent once per task');
  });
});
