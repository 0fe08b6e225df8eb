// The scripted model and skills: the skills' list and use_skill's answer are made by the real core from
// real SKILL.md files, so the emulator reads what the extension sends. It calls use_skill when the
// user's words fit a skill, follows the instructions it gets back (a command to run, an exact answer,
// else their first line), and, on a real agent task against the real emulator, reads the body only
// after choosing the skill.
import assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { ChatMessage, ToolDefinition } from '../../../src/api/schemas';
import { runAgentTask } from '../../../src/core/agent/agentLoop';
import { createAgentToolset } from '../../../src/core/agent/agentToolset';
import { UseSkillTool } from '../../../src/core/customizations/skillTool';
import { standingMessage } from '../../../src/core/customizations/standingCustomizations';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { SecretFileRules } from '../../../src/core/tools/secretFiles';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { ScriptedModel, type ModelInput } from '../../../src/emulator/scriptedModel';
import { chooseSkill, listedSkills } from '../../../src/emulator/skillUse';
import { nodeCustomizationFiles } from '../../../src/extension/customizations/nodeCustomizationFiles';
import { startEmulatorTestBed, type EmulatorTestBed } from '../../support/emulatorTestBed';
import { ScriptedApprover, nodeTestHost } from '../../support/testWorkspaceHost';
import { customizationBed, skillText, type CustomizationBed } from '../core/customizations/customizationBed';

const signal = new AbortController().signal;
const fn = (name: string, properties: Record<string, { type: string; description: string }>, required: string[]): ToolDefinition => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties, required } },
});
const runCommand = fn('run_command', { command: { type: 'string', description: 'c' } }, ['command']);
const readFile = fn('read_file', { path: { type: 'string', description: 'p' } }, ['path']);

describe('emulator scripted model: skills', () => {
  let bed: CustomizationBed;
  const model = new ScriptedModel([]);

  beforeEach(async () => {
    bed = await customizationBed();
    await bed.write('.github/skills/release-notes/SKILL.md', skillText('release-notes', 'Draft release notes from the changes since the last tag.', 'Reply with exactly "Release notes: 3 changes since v1.2."'));
    await bed.write('.github/skills/deploy/SKILL.md', skillText('deploy', 'Publish the site to the staging server.', 'Check the branch first.\nRun `sh deploy.sh staging` from the workspace root.'));
    await bed.write('~/.claude/skills/invoices/SKILL.md', skillText('invoices', 'Parse supplier invoices and extract totals, dates and VAT numbers.', 'Totals are in the last table.\nRound to cents.'));
  });
  afterEach(() => bed.remove());

  async function requestWith(userText: string, tools: ToolDefinition[]): Promise<{ messages: ChatMessage[]; tools: ToolDefinition[] }> {
    const system = standingMessage([], await bed.catalog.items());
    assert.ok(system);
    const skillTool = new UseSkillTool(() => bed.catalog.items(), nodeCustomizationFiles, { approvals: new TaskApprovals(new ScriptedApprover(() => 'reject')), secrets: new SecretFileRules() });
    return { messages: [system, { role: 'user', content: userText }], tools: [...tools, skillTool.definition] };
  }

  const reply = (input: Omit<ModelInput, 'model' | 'thinking' | 'jsonMode'>) => model.reply({ model: 'svc-k2-turbo-preview', thinking: false, jsonMode: false, ...input });

  /** The request after the model's use_skill call was answered by the real tool. */
  async function afterUseSkill(userText: string, tools: ToolDefinition[]): Promise<ReturnType<ScriptedModel['reply']>> {
    const request = await requestWith(userText, tools);
    const first = reply(request);
    assert.equal(first.toolCalls[0]?.name, 'use_skill');
    const args = JSON.parse(first.toolCalls[0]!.arguments) as { name: string };
    const skillTool = new UseSkillTool(() => bed.catalog.items(), nodeCustomizationFiles, { approvals: new TaskApprovals(new ScriptedApprover(() => 'reject')), secrets: new SecretFileRules() });
    const result = await skillTool.run({ raw: first.toolCalls[0]!.arguments, value: args }, signal);
    assert.equal(result.status, 'done');
    const call = { id: first.toolCalls[0]!.id, type: 'function' as const, function: { name: 'use_skill', arguments: first.toolCalls[0]!.arguments } };
    return reply({ ...request, messages: [...request.messages, { role: 'assistant', content: '', tool_calls: [call] }, { role: 'tool', tool_call_id: call.id, content: result.content }] });
  }

  it('reads the list of skills the core sends, every name with its description', async () => {
    const { messages } = await requestWith('hello', []);
    assert.deepEqual(listedSkills(messages), [
      { name: 'deploy', description: 'Publish the site to the staging server.' },
      { name: 'invoices', description: 'Parse supplier invoices and extract totals, dates and VAT numbers.' },
      { name: 'release-notes', description: 'Draft release notes from the changes since the last tag.' },
    ]);
  });

  it("calls use_skill for a skill the request names, with hyphens or spaces, or whose description's words it shares", async () => {
    for (const [text, skill] of [
      ['Please deploy the site', 'deploy'],
      ['write the release notes for v1.3', 'release-notes'],
      ['Use release-notes.', 'release-notes'],
      ['Extract the totals and dates from these supplier invoice scans', 'invoices'],
    ] as const) {
      const first = reply(await requestWith(text, [runCommand]));
      assert.deepEqual(first.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)]), [['use_skill', { name: skill }]], text);
      assert.equal(first.content, '');
    }
  });

  it('calls no skill when the words do not fit one, when use_skill is not offered, or on a later step', async () => {
    assert.deepEqual(reply(await requestWith('What is the capital of France?', [runCommand])).toolCalls, []);
    // Two shared words are not enough: "totals" and "dates".
    assert.deepEqual(chooseSkill('sum the totals of these dates', listedSkills((await requestWith('', [])).messages)), undefined);
    const request = await requestWith('Please deploy the site', [runCommand]);
    assert.deepEqual(reply({ ...request, tools: [runCommand] }).toolCalls, [], 'no use_skill tool, no call of it');
    const later: ChatMessage[] = [
      ...request.messages,
      { role: 'assistant', content: '', tool_calls: [{ id: 'r0', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] },
      { role: 'tool', tool_call_id: 'r0', content: 'text of a' },
    ];
    assert.match(reply({ ...request, messages: later }).content, /The `read_file` tool returned/);
  });

  it('follows the instructions use_skill returned: runs the command they name, with the command tool offered', async () => {
    const next = await afterUseSkill('Please deploy the site', [readFile, runCommand]);
    assert.deepEqual(next.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)]), [['run_command', { command: 'sh deploy.sh staging' }]]);
  });

  it('answers exactly what the instructions say, or acknowledges their first line', async () => {
    assert.equal((await afterUseSkill('write the release notes', [runCommand])).content, 'Release notes: 3 changes since v1.2.');
    assert.equal((await afterUseSkill('Please deploy the site', [readFile])).content, 'I followed the skill deploy: Check the branch first.', 'no command tool: no call');
    assert.equal((await afterUseSkill('parse these supplier invoices: totals, dates', [])).content, 'I followed the skill invoices: Totals are in the last table.');
  });

  it('follows a skill the user ran as /skill-name at once, without use_skill', async () => {
    const request = await requestWith('Release v2.0\n\n---\nSkill release-notes (.github/skills/release-notes/SKILL.md), which the user asked to use:\n\nReply with exactly "Done: v2.0."', [runCommand]);
    const first = reply(request);
    assert.deepEqual(first.toolCalls, []);
    assert.equal(first.content, 'Done: v2.0.');
  });
});

describe('emulator scripted model: a real agent task with a skill', function () {
  this.timeout(60_000);
  let emulator: EmulatorTestBed;
  let bed: CustomizationBed;

  beforeEach(async () => {
    emulator = await startEmulatorTestBed();
    bed = await customizationBed();
  });
  afterEach(async () => {
    await emulator.close();
    await bed.remove();
  });

  it('chooses the skill from its description, reads its body only then, and runs the command it names', async () => {
    await bed.write('.github/skills/deploy/SKILL.md', skillText('deploy', 'Publish the site to the staging server.', 'Run `sh deploy.sh staging` from the workspace root.'));
    await bed.write('deploy.sh', 'echo "published to $1" > published.txt\necho "published to $1"\n');
    const approver = new ScriptedApprover(() => 'approve');
    const skills = { items: () => bed.catalog.items(), files: nodeCustomizationFiles };
    const { registry } = await createAgentToolset({ catalog: new FormulaToolCatalog(emulator.client.formulas), approver, formulas: [], workspace: nodeTestHost([{ name: 'ws', path: bed.workspace }]), skills });
    const result = await runAgentTask({
      client: emulator.client,
      settings: requestSettings({ model: 'svc-k2-turbo-preview' }),
      task: 'Publish the site on the staging server, please.',
      tools: registry,
      promptCacheKey: 'svc-ws-test',
      instructions: standingMessage([], await bed.catalog.items())!,
    });
    assert.equal(result.summary.stopReason, 'stop', result.summary.error);
    assert.match(result.summary.answer, /published to staging/);
    assert.equal(await fsp.readFile(path.join(bed.workspace, 'published.txt'), 'utf8'), 'published to staging\n');
    const requests = emulator.exchanges().filter((e) => e.path.endsWith('/chat/completions')).map((e) => JSON.stringify(e.request));
    assert.equal(requests.length, 3, 'use_skill, run_command, the answer');
    assert.match(requests[0]!, /- deploy \(workspace\): Publish the site to the staging server\./);
    assert.doesNotMatch(requests[0]!, /from the workspace root/, 'the first request carries the name and description only');
    assert.match(requests[1]!, /Skill deploy \(from the workspace: \.github\/skills\/deploy\/SKILL\.md\)\\n\\nRun `sh deploy\.sh staging` from the workspace root\./);
    assert.deepEqual(approver.asked.map((a) => a.kind), ['command']);
  });
});
