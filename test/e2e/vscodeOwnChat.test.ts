// VS Code's own Chat view (built in from 1.139) on the svc models, driven as a person without a GitHub
// account drives it, against the extension's local emulator: the svc models in its model picker,
// "Chat: Manage Language Models" switching the built-in GitHub Copilot Chat back on (VS Code disables it
// once on a profile that never set Copilot up), then a question answered, a service error, Stop
// mid-stream, and an Agent task in which Copilot's own tools read a file, edit it and run a command, every
// step asked of the scripted svc model. In this profile the Chat view offers Agent as its only mode, so the
// question goes there too. One VS Code for all of it; each step waits for what it shows, never for a time.
// VS Code 1.105 has no chat of its own (docs/language-models.md).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FAULTS_ENV, REQUEST_LOG_ENV, SCENARIOS_ENV } from '../../src/extension/localEmulator';
import { codeServerBuild } from '../harness/toolPaths';
import { themes, useVsCode } from './vscodeSession';

const theme = themes[1];
const MODEL = 'svc-k2-turbo-preview';
const COUNT = Array.from({ length: 300 }, (_, i) => `word${i + 1}`).join(' ');

interface LoggedRequest {
  path: string;
  request?: { model?: string; messages?: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
  status?: number;
  response?: unknown;
  ended?: string;
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function loggedChats(logFile: string, marker: string): LoggedRequest[] {
  if (!fs.existsSync(logFile)) return [];
  return fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LoggedRequest)
    .filter((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.request?.messages ?? []).includes(marker));
}

/** The scripted svc model: absolute paths of this run's workspace, so Copilot's tools take them as given. */
function scenarios(workspace: string): unknown {
  const file = path.join(workspace, 'src', 'format.js');
  const agent = { lastUserText: 'agent-e2e', hasTools: true };
  return {
    scenarios: [
      { name: 'ask', match: { lastUserText: 'ask-e2e' }, reply: { content: 'The svc model says: format.js exports formatPrice and formatQuantity.' } },
      { name: 'cancel', match: { lastUserText: 'cancel-e2e' }, reply: { content: `${COUNT} the end` } },
      { name: 'error', match: { lastUserText: 'error-e2e' }, reply: { content: 'never shown: the fault answers first' } },
      { name: 'agent 1: read', match: { ...agent, toolStepsSinceUser: 0 }, reply: { toolCalls: [{ name: 'read_file', arguments: { filePath: file, startLine: 1, endLine: 8 } }] } },
      {
        name: 'agent 2: edit',
        match: { ...agent, toolStepsSinceUser: 1, lastToolName: 'read_file' },
        reply: { toolCalls: [{ name: 'replace_string_in_file', arguments: { filePath: file, oldString: "return n === 1 ? '1 item' : `${n} items`;", newString: "return n === 1 ? 'one item' : `${n} items`;" } }] },
      },
      {
        name: 'agent 3: run',
        match: { ...agent, toolStepsSinceUser: 2, lastToolName: 'replace_string_in_file' },
        reply: { toolCalls: [{ name: 'run_in_terminal', arguments: { command: 'grep -c "one item" src/format.js > agent-ran.txt', explanation: 'Counts the edited line.', goal: 'Check the edit', mode: 'sync' } }] },
      },
      { name: 'agent 4: report', match: { ...agent, toolStepsSinceUser: 3 }, reply: { content: 'Agent task finished by the svc model.' } },
    ],
  };
}

if (theme && codeServerBuild().name === 'newest') {
  describe(`VS Code's own chat on the svc models (${theme.name} theme)`, function () {
    this.timeout(300_000);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'own-chat-'));
    const scenarioFile = path.join(scratch, 'scenarios.json');
    const logFile = path.join(scratch, 'requests.jsonl');
    const vscode = useVsCode(theme, {
      // The harness switches VS Code's chat off everywhere else (quietSettings). A paced emulator (tokens a
      // second) lets Stop land mid-stream.
      settings: { 'chat.disableAIFeatures': false, 'svc.emulator.speed': 20 },
      env: {
        [SCENARIOS_ENV]: scenarioFile,
        [REQUEST_LOG_ENV]: logFile,
        // VS Code's chat and the client may retry; every attempt gets the 500.
        [FAULTS_ENV]: JSON.stringify([{ lastUserText: 'error-e2e', fault: 'invalid-state', times: 20 }]),
      },
      prepareWorkspace: (workspace) => fs.writeFileSync(scenarioFile, JSON.stringify(scenarios(workspace), null, 2)),
      screenshotFolder: 'vscode-own-chat',
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    const chatView = (page: Page): Locator => page.locator('.part.auxiliarybar');
    const lastResponse = (page: Page): Locator => chatView(page).locator('.interactive-response').last();
    const stopButton = (page: Page): Locator => chatView(page).locator('.interactive-input-part .codicon-stop-circle');

    /** Toasts (ours offering a utility model, VS Code's) sit over the chat input; they are cleared first. */
    async function clearToasts(): Promise<void> {
      if ((await vscode.workbench.page.locator('.notifications-toasts .notification-toast').count()) > 0) {
        await vscode.workbench.runCommand('Notifications: Clear All Notifications');
      }
    }

    async function send(page: Page, text: string): Promise<void> {
      await clearToasts();
      await chatView(page).locator('.interactive-input-part .monaco-editor').click();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await chatView(page).locator('.interactive-request', { hasText: text }).waitFor({ timeout: 30_000 });
    }

    /** Copilot Chat's log says its agents are registered (ConversationFeature, once a non-Copilot model is listed). */
    function copilotChatActivated(): boolean | undefined {
      const logs = path.join(vscode.runDir, 'user-data', 'logs');
      if (!fs.existsSync(logs)) return undefined;
      for (const file of fs.readdirSync(logs, { recursive: true, encoding: 'utf8' })) {
        if (!/copilot/i.test(file) || !file.endsWith('.log')) continue;
        if (fs.readFileSync(path.join(logs, file), 'utf8').includes('ConversationFeature: Activating contributions')) return true;
      }
      return undefined;
    }

    it('lists the svc models in the Chat view\'s model picker once it opens, and one is picked', async () => {
      const { workbench } = vscode;
      const { page } = workbench;
      await workbench.runCommand('Chat: Open Chat', 120_000);
      await chatView(page).locator('.interactive-input-part').waitFor({ timeout: 60_000 });
      // Without the provider asked, the picker says "Models" and offers only a Copilot sign-in.
      const picker = chatView(page).locator('.model-picker-split').first();
      await picker.filter({ hasText: /^svc-/ }).waitFor({ timeout: 180_000 });
      await picker.click();
      const rows = page.locator('.action-widget .monaco-list-row');
      await rows.filter({ hasText: 'Other Models' }).click();
      await rows.filter({ hasText: /^svc-k2\.5/ }).waitFor({ timeout: 15_000 });
      const listed = await rows.allTextContents();
      assert.ok(!listed.some((row) => /Sign in to use Copilot/.test(row)), `the picker offers the svc models, not a sign-in: ${listed.join(' | ')}`);
      for (const model of ['svc-k2-thinking', 'svc-k2.5', 'svc-v1-8k']) assert.ok(listed.some((row) => row.startsWith(model)), `${model} is listed: ${listed.join(' | ')}`);
      await workbench.screenshot('01-model-picker');
      await rows.filter({ hasText: new RegExp(`^${MODEL}`) }).click();
      await picker.filter({ hasText: new RegExp(`^${MODEL}$`) }).waitFor({ timeout: 15_000 });
    });

    it('after "Chat: Manage Language Models", a question is answered by the svc model, streamed, with no sign-in', async () => {
      const { workbench } = vscode;
      const { page } = workbench;
      await workbench.runCommand('Chat: Manage Language Models');
      await page.locator('.monaco-modal-editor-block .models-widget').waitFor({ timeout: 60_000 });
      await page.keyboard.press('Escape');
      await page.locator('.monaco-modal-editor-block').waitFor({ state: 'detached', timeout: 15_000 });
      await until('GitHub Copilot Chat to register its agents', copilotChatActivated);
      await send(page, 'ask-e2e: what does format.js export?');
      await lastResponse(page).filter({ hasText: 'The svc model says: format.js exports formatPrice and formatQuantity.' }).waitFor({ timeout: 120_000 });
      assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no sign-in dialog');
      const sent = loggedChats(logFile, 'ask-e2e');
      assert.ok(sent.some((r) => r.request?.model === MODEL && r.status === 200), `the svc model answered: ${JSON.stringify(sent.map((r) => [r.request?.model, r.status]))}`);
      await workbench.screenshot('02-ask-answer');
    });

    it('shows a service error as VS Code shows errors, with the service\'s message', async () => {
      const { page } = vscode.workbench;
      await send(page, 'error-e2e: answer anything');
      const error = lastResponse(page).locator('.chat-notification-widget', { has: page.locator('.chat-error-codicon') });
      await error.waitFor({ timeout: 120_000 });
      const text = await error.innerText();
      assert.match(text, /invalid state transition/, `the service's message is shown: ${text}`);
      assert.doesNotMatch(text, /chatHost\.js|\bat async\b|dist\//, `no stack frames from our bundle: ${text}`);
      assert.doesNotMatch(text, /\b[A-Za-z]{1,3}: invalid state transition/, `no minified class name before the message: ${text}`);
      assert.ok(loggedChats(logFile, 'error-e2e').some((r) => r.status === 500), 'the emulator answered 500');
      await vscode.workbench.screenshot('03-service-error');
    });

    it('Stop mid-stream stops the reply and aborts the svc request', async () => {
      const { page } = vscode.workbench;
      await send(page, 'cancel-e2e: count for me');
      await lastResponse(page).filter({ hasText: 'word3' }).waitFor({ timeout: 120_000 });
      await stopButton(page).first().click();
      await stopButton(page).waitFor({ state: 'detached', timeout: 30_000 });
      const aborted = await until('the emulator to log the aborted request', () =>
        loggedChats(logFile, 'cancel-e2e').find((r) => r.ended === 'client closed the connection'), 30_000);
      assert.ok(!(aborted.response as string[]).includes('[DONE]'), 'the stream did not run to its end');
      const shown = await lastResponse(page).innerText();
      assert.ok(!shown.includes('the end'), `the reply stopped: ${shown}`);
      await vscode.workbench.screenshot('04-cancelled');
    });

    it('an Agent task reads, edits and runs a command through Copilot\'s tools, every step from the svc model', async () => {
      const { page } = vscode.workbench;
      const file = path.join(vscode.workspace, 'src', 'format.js');
      const ran = path.join(vscode.workspace, 'agent-ran.txt');
      await send(page, 'agent-e2e: make formatQuantity say "one item", then check it');
      const first = await until('the first agent request', () => loggedChats(logFile, 'agent-e2e').find((r) => (r.request?.tools ?? []).length > 0));
      const offered = (first.request?.tools ?? []).map((t) => t.function.name);
      console.log(`    (Copilot offered ${offered.length} tools: ${offered.join(', ')})`);
      for (const tool of ['read_file', 'replace_string_in_file', 'run_in_terminal']) assert.ok(offered.includes(tool), `${tool} is offered`);
      // The command writes a file, so VS Code asks before it runs it (the edit in the workspace it makes without asking).
      const confirmation = chatView(page).locator('.chat-tool-invocation-part.has-confirmation:visible', { hasText: 'grep -c' }).first();
      await confirmation.waitFor({ timeout: 120_000 });
      assert.match(fs.readFileSync(file, 'utf8'), /'one item'/, 'the edit is on disk before the command runs');
      await confirmation.locator('.monaco-button[aria-label^="Allow"]').click();
      const output = await until('the command to run', () => (fs.existsSync(ran) ? fs.readFileSync(ran, 'utf8').trim() || undefined : undefined));
      assert.equal(output, '1', 'the command ran in the workspace and found the edited line');
      await lastResponse(page).filter({ hasText: 'Agent task finished by the svc model.' }).waitFor({ timeout: 120_000 });
      const steps = loggedChats(logFile, 'agent-e2e').filter((r) => (r.request?.tools ?? []).length > 0);
      assert.ok(steps.length >= 4 && steps.every((r) => r.request?.model === MODEL), `every step went to ${MODEL}: ${JSON.stringify(steps.map((r) => r.request?.model))}`);
      await vscode.workbench.screenshot('05-agent-task');
    });
  });
}
