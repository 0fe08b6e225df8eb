// The built-in demo: the emulator answers the demo task, step by step, with a read, two edits, a command
// and a summary; its edits apply to the sample project's files and turn its failing test green; a chat
// without tools, or another task, is not scripted by it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_COMMAND, DEMO_EDITS, DEMO_FILES, DEMO_TASK, demoTaskFor } from '../../../src/shared/demoProject';
import { tempDir } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';
import { chat, completionOf, startKeyedBed } from './rawRequests';

const tool = (name: string) => ({ type: 'function', function: { name, description: name, parameters: { type: 'object', properties: {}, required: [] } } });
const TOOLS = ['read_file', 'edit_file', 'run_command'].map(tool);

function runTests(folder: string): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync(process.execPath, [DEMO_COMMAND.split(' ')[1] as string], { cwd: folder, encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe('the built-in demo task on the emulator', () => {
  const h = perSuite(() => startKeyedBed());

  async function runDemo(task: string): Promise<{ calls: { name: string; args: Record<string, unknown> }[]; summary: string; reasoning: string }> {
    const messages: Record<string, unknown>[] = [{ role: 'user', content: task }];
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    for (let step = 0; step < 4; step++) {
      const reply = completionOf(await chat(h, { model: 'svc-k2.5', messages, tools: TOOLS })).choices[0]!.message;
      const call = reply.tool_calls?.[0];
      assert.ok(call, `step ${step + 1} calls a tool`);
      calls.push({ name: call.function.name, args: JSON.parse(call.function.arguments) as Record<string, unknown> });
      messages.push({ role: 'assistant', content: '', tool_calls: reply.tool_calls });
      messages.push({ role: 'tool', tool_call_id: call.id, content: 'ok' });
    }
    const summary = completionOf(await chat(h, { model: 'svc-k2-thinking', messages, tools: TOOLS })).choices[0]!.message;
    return { calls, summary: String(summary.content ?? ''), reasoning: String(summary.reasoning_content ?? '') };
  }

  it('scripts a read, two edits, the tests and a summary, one step per request', async () => {
    const { calls, summary } = await runDemo(DEMO_TASK);
    assert.deepEqual(calls.map((c) => c.name), ['read_file', 'edit_file', 'edit_file', 'run_command']);
    assert.deepEqual(calls.slice(1, 3).map((c) => c.args), DEMO_EDITS.map((e) => ({ ...e })));
    assert.deepEqual(calls[3]?.args, { command: DEMO_COMMAND });
    assert.match(summary, /Fixed `discounted` in prices\.js/);
    assert.equal(demoTaskFor('en'), DEMO_TASK);
  });

  it('narrates the same steps in Chinese when the task asks for Simplified Chinese (VS Code in zh-cn)', async () => {
    const { calls, summary, reasoning } = await runDemo(demoTaskFor('zh-cn'));
    assert.deepEqual(calls.map((c) => c.name), ['read_file', 'edit_file', 'edit_file', 'run_command']);
    assert.deepEqual(calls.slice(1, 3).map((c) => c.args), DEMO_EDITS.map((e) => ({ ...e })));
    assert.match(summary, /^已修复 prices\.js 中的 `discounted`/);
    assert.match(reasoning, /总结/);
  });

  it('leaves a chat without tools and any other task to the usual emulator', async () => {
    const plain = completionOf(await chat(h, { model: 'svc-k2.5', messages: [{ role: 'user', content: DEMO_TASK }] })).choices[0]!.message;
    assert.equal(plain.tool_calls, undefined);
    const other = completionOf(await chat(h, { model: 'svc-k2.5', messages: [{ role: 'user', content: 'fix the bug in prices.js' }], tools: TOOLS })).choices[0]!.message;
    assert.doesNotMatch(JSON.stringify(other.tool_calls ?? []), /discount/);
  });

  it('has a sample project whose test fails before the edits and passes after them', () => {
    const folder = tempDir('svc-demo-');
    for (const [name, text] of Object.entries(DEMO_FILES)) fs.writeFileSync(path.join(folder, name), text);
    assert.equal(runTests(folder).ok, false, 'the bug shows before the fix');
    for (const edit of DEMO_EDITS) {
      const file = path.join(folder, edit.path);
      const text = fs.readFileSync(file, 'utf8');
      assert.equal(text.split(edit.old_text).length, 2, `${edit.path}: old_text occurs once`);
      fs.writeFileSync(file, text.replace(edit.old_text, edit.new_text));
    }
    const after = runTests(folder);
    assert.equal(after.ok, true, after.output);
    assert.match(after.output, /all tests passed/);
  });
});
