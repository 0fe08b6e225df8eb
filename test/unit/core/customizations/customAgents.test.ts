import assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { agentToolNames } from '../../../../src/core/customizations/agentToolNames';
import { findAgent, subagentKindsWith, usableAgents } from '../../../../src/core/customizations/customAgents';
import { kindName } from '../../../../src/core/agent/subagents/subagentKind';
import { problemChips } from '../../../../src/core/customizations/standingCustomizations';
import { customizationBed, type CustomizationBed } from './customizationBed';

const copilot = (fields: string, body = 'Review carefully.') => `---\n${fields}\n---\n${body}\n`;

describe('custom agents found in the folders Copilot and Claude Code use', () => {
  let bed: CustomizationBed;
  beforeEach(async () => (bed = await customizationBed()));
  afterEach(() => bed.remove());

  it('finds each format in each workspace and home location, with its name, description, tools, model and origin', async () => {
    await bed.write('.github/agents/reviewer.agent.md', copilot("description: Reviews changes.\ntools: ['read', 'search']\nmodel: svc-k2"));
    await bed.write('.claude/agents/tester.md', copilot('name: tester\ndescription: Runs the tests.\ntools: Read, Grep, Bash\nmodel: inherit'));
    await bed.write('~/.svc/agents/writer.md', copilot('name: Doc Writer\ndescription: Writes docs.\ntools: [edit]'));
    await bed.write('~/.copilot/agents/planner.agent.md', copilot('description: Plans.\nmodel: [svc-a, svc-b]\ninfer: false'));
    await bed.write('~/.claude/agents/helper.md', copilot('name: helper\ndescription: Helps.'));
    await bed.write('.github/agents/notes.md', 'not an agent: the suffix is .agent.md here');
    const agents = (await bed.catalog.items()).filter((i) => i.kind === 'agent');
    assert.deepEqual(
      agents.map((a) => [a.name, a.origin.scope, a.origin.location, a.validity.state, a.description]),
      [
        ['reviewer', 'workspace', '.github/agents', 'applies', 'Reviews changes.'],
        ['tester', 'workspace', '.claude/agents', 'applies', 'Runs the tests.'],
        ['Doc Writer', 'user', '~/.svc/agents', 'applies', 'Writes docs.'],
        ['planner', 'user', '~/.copilot/agents', 'applies', 'Plans.'],
        ['helper', 'user', '~/.claude/agents', 'applies', 'Helps.'],
      ],
    );
    assert.deepEqual((await bed.item('.github/agents/reviewer.agent.md')).details, { kind: 'agent', body: 'Review carefully.', tools: ['read', 'search'], models: ['svc-k2'], subagent: true });
    assert.deepEqual((await bed.item('.claude/agents/tester.md')).details, { kind: 'agent', body: 'Review carefully.', tools: ['Read', 'Grep', 'Bash'], models: [], subagent: true });
    assert.deepEqual((await bed.item('~/.copilot/agents/planner.agent.md')).details, { kind: 'agent', body: 'Review carefully.', models: ['svc-a', 'svc-b'], subagent: false });
    const run = findAgent(agents, 'REVIEWER');
    assert.equal(run?.name, 'reviewer');
    assert.match(run?.instructions ?? '', /^You are the custom agent "reviewer"\. Follow its instructions:\n\nReview carefully\.$/);
  });

  it('names the file and the field of malformed front matter, and offers nothing of that file', async () => {
    await bed.write('.claude/agents/no-name.md', copilot('description: Has no name.'));
    await bed.write('.claude/agents/no-description.md', copilot('name: no-description'));
    await bed.write('.github/agents/bad-tools.agent.md', copilot('tools: 3'));
    await bed.write('.github/agents/bad-model.agent.md', copilot('model: {a: 1}'));
    await bed.write('.github/agents/bad-infer.agent.md', copilot('infer: maybe'));
    await bed.write('.github/agents/bad-name.agent.md', copilot('name: "a/b"'));
    await bed.write('.github/agents/bad-yaml.agent.md', copilot('tools: [unclosed'));
    const items = await bed.catalog.items();
    const problems = Object.fromEntries(items.filter((i) => i.kind === 'agent').map((i) => [i.label, i.validity.state === 'invalid' ? i.validity.problems : i.validity.state]));
    assert.deepEqual(problems['.claude/agents/no-name.md'], [{ field: 'name', message: 'is required: the agent\'s name; it must be 1 to 64 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit' }]);
    assert.deepEqual(problems['.claude/agents/no-description.md'], [{ field: 'description', message: 'is required: when the agent should be used' }]);
    assert.deepEqual(problems['.github/agents/bad-tools.agent.md'], [{ field: 'tools', message: 'must be a list of strings or one comma-separated string' }]);
    assert.deepEqual(problems['.github/agents/bad-model.agent.md'], [{ field: 'model', message: 'must be a model id or a list of model ids' }]);
    assert.deepEqual(problems['.github/agents/bad-infer.agent.md'], [{ field: 'infer', message: 'must be true or false (whether other agents may start it as a subagent)' }]);
    assert.deepEqual(problems['.github/agents/bad-name.agent.md'], [{ field: 'name', message: 'must be 1 to 64 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit' }]);
    assert.match((problems['.github/agents/bad-yaml.agent.md'] as { message: string }[])[0]!.message, /^the front matter is not valid YAML/);
    assert.deepEqual(usableAgents(items), []);
    assert.deepEqual(problemChips(items).map((c) => c.label).sort(), Object.keys(problems).sort(), 'each file with a problem is shown to the user');
  });

  it('lets the workspace win over the home folder and the first location over the next (letter case aside), keeping the loser as shadowed', async () => {
    await bed.write('.github/agents/review.agent.md', copilot('description: Workspace Copilot.'));
    await bed.write('.claude/agents/review.md', copilot('name: Review\ndescription: Workspace Claude.'));
    await bed.write('~/.svc/agents/review.md', copilot('description: Mine.'));
    await bed.write('~/.claude/agents/tidy.md', copilot('name: tidy\ndescription: Claude home.'));
    await bed.write('~/.copilot/agents/tidy.agent.md', copilot('description: Copilot home.'));
    await bed.write('.github/skills/review/SKILL.md', '---\nname: review\ndescription: A skill of the same name.\n---\nSteps.');
    const items = await bed.catalog.items();
    const state = (label: string) => items.find((i) => i.label === label)?.validity;
    assert.deepEqual(state('.github/agents/review.agent.md'), { state: 'applies' });
    assert.deepEqual(state('.claude/agents/review.md'), { state: 'shadowed', by: '.github/agents/review.agent.md' });
    assert.deepEqual(state('~/.svc/agents/review.md'), { state: 'shadowed', by: '.github/agents/review.agent.md' });
    assert.deepEqual(state('~/.copilot/agents/tidy.agent.md'), { state: 'applies' });
    assert.deepEqual(state('~/.claude/agents/tidy.md'), { state: 'shadowed', by: '~/.copilot/agents/tidy.agent.md' });
    assert.deepEqual(state('.github/skills/review/SKILL.md'), { state: 'applies' }, 'agents and skills have names of their own');
    assert.deepEqual(usableAgents(items).map((a) => a.description), ['Workspace Copilot.', 'Copilot home.']);
  });

  it('reads no workspace agent in Restricted Mode, lists it as restricted, and still reads the home folder', async () => {
    bed.trusted = false;
    await bed.write('.github/agents/steal.agent.md', copilot('description: Uploads your keys.'));
    await bed.write('.claude/agents/steal.md', copilot('name: steal2\ndescription: Too.'));
    await bed.write('~/.claude/agents/mine.md', copilot('name: mine\ndescription: Mine.'));
    const items = await bed.catalog.items();
    assert.deepEqual(
      items.filter((i) => i.kind === 'agent').map((i) => [i.label, i.validity.state, i.details === undefined]),
      [
        ['.github/agents/steal.agent.md', 'restricted', true],
        ['.claude/agents/steal.md', 'restricted', true],
        ['~/.claude/agents/mine.md', 'applies', false],
      ],
    );
    assert.deepEqual(usableAgents(items).map((a) => a.name), ['mine']);
    assert.equal(findAgent(items, 'steal'), undefined);
  });

  it("never counts an agent whose real path is in a dependency folder, and marks hidden characters in its instructions", async () => {
    const dependency = path.join(bed.workspace, 'node_modules', 'pkg', 'agents');
    await fsp.mkdir(dependency, { recursive: true });
    await fsp.writeFile(path.join(dependency, 'evil.agent.md'), copilot('description: Deletes the tests.'));
    await fsp.mkdir(path.join(bed.workspace, '.github'), { recursive: true });
    await bed.link('.github/agents', dependency);
    await bed.write('.claude/agents/hidden.md', copilot('name: hidden\ndescription: Dates.', 'Format dates.\u200B\u202E'));
    const items = await bed.catalog.items();
    assert.deepEqual(items.find((i) => i.label === '.github/agents/evil.agent.md')?.validity, { state: 'ignored', why: 'it lies in a dependency folder (node_modules, vendor, a virtual environment)' });
    const hidden = items.find((i) => i.label === '.claude/agents/hidden.md');
    assert.equal(hidden?.hiddenCharacters, 2);
    assert.match(findAgent(items, 'hidden')?.instructions ?? '', /Format dates\.⟨U\+200B⟩⟨U\+202E⟩/);
  });

  it('re-reads an agent file that changed and finds a new one', async () => {
    await bed.write('.github/agents/a.agent.md', copilot('description: First.'));
    assert.deepEqual(usableAgents(await bed.catalog.items()).map((a) => a.description), ['First.']);
    const file = await bed.write('.github/agents/a.agent.md', copilot('description: Changed.'));
    const added = await bed.write('~/.claude/agents/b.md', copilot('name: b\ndescription: New.'));
    assert.equal(await bed.catalog.fileChanged(file), true);
    assert.equal(await bed.catalog.fileChanged(added), true);
    assert.deepEqual(usableAgents(await bed.catalog.items()).map((a) => a.description), ['Changed.', 'New.']);
  });
});

describe('custom agents: tool names and subagent kinds', () => {
  it("maps Copilot's and Claude Code's tool names to ours and reports the rest", () => {
    assert.deepEqual(agentToolNames(undefined), { allowed: '*', unknown: [] });
    assert.deepEqual(agentToolNames([]), { allowed: [], unknown: [] });
    const sorted = (names: string[]) => agentToolNames(names).allowed.toString().split(',').sort();
    assert.deepEqual(sorted(['read', 'edit', 'search', 'runCommands']), ['edit_file', 'find_files', 'list_files', 'list_problems', 'list_processes', 'read_file', 'read_process_output', 'run_command', 'search_text', 'stop_process', 'use_skill', 'write_file']);
    assert.deepEqual(sorted(['Read', 'Edit', 'Grep', 'Glob', 'Bash', 'Task']), ['edit_file', 'find_files', 'list_processes', 'read_file', 'read_process_output', 'run_command', 'run_subagent', 'search_text', 'stop_process']);
    assert.deepEqual(agentToolNames(['read_file', 'WebFetch', 'githubRepo']), { allowed: ['read_file'], unknown: ['WebFetch', 'githubRepo'] });
    const mcp = ['mcp_github_create_issue', 'mcp_github_list_issues', 'mcp_other_x', 'calculator'];
    assert.deepEqual(agentToolNames(['github/create_issue', 'mcp__other__x', 'calculator', 'nope/y'], mcp), { allowed: ['mcp_github_create_issue', 'mcp_other_x', 'calculator'], unknown: ['nope/y'] });
    assert.deepEqual(agentToolNames(['github/*'], mcp).allowed, ['mcp_github_create_issue', 'mcp_github_list_issues']);
  });

  it('adds each custom agent with a description as a kind after the built-ins, with its mapped tools and an offered model only', async () => {
    const bed = await customizationBed();
    try {
      await bed.write('.claude/agents/tester.md', copilot('name: Test Runner\ndescription: Runs the tests.\ntools: Read, Bash\nmodel: svc-gone'));
      await bed.write('.github/agents/docs.agent.md', copilot("description: Writes docs.\ntools: ['edit']\nmodel: svc-k2"));
      await bed.write('.github/agents/quiet.agent.md', copilot('tools: [read]'));
      await bed.write('.github/agents/private.agent.md', copilot('description: Only by hand.\ninfer: false'));
      await bed.write('.github/agents/explore.agent.md', copilot('description: Takes a built-in name.'));
      const { kinds, problems } = subagentKindsWith(await bed.catalog.items(), [], (id) => id === 'svc-k2');
      assert.deepEqual(kinds.list().map((k) => k.name), ['explore', 'general', 'docs', 'test-runner']);
      assert.deepEqual(kinds.get('test-runner')?.tools, ['read_file', 'run_command', 'read_process_output', 'stop_process', 'list_processes']);
      assert.equal(kinds.get('test-runner')?.model, undefined, 'a model the service does not offer is not used');
      assert.equal(kinds.get('docs')?.model, 'svc-k2');
      assert.deepEqual(problems, ['.github/agents/explore.agent.md: subagent kind name: "explore" is already taken; choose another name.', '.github/agents/quiet.agent.md: not offered as a subagent: it has no description to be chosen by']);
      assert.equal(kindName('2 Fast'), 'agent-2-fast');
    } finally {
      await bed.remove();
    }
  });
});
