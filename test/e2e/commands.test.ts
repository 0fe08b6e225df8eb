// Commands that cannot hang a task, in the real VS Code on the local emulator (its model scripted by
// test/fixtures/scenarios/commands.json): a dev server started in the background, listed above the
// composer with a Stop button while the task goes on, read and then stopped by the agent; and a command
// that never ends hitting its time limit, the task going on to its answer and the command stopping with
// the task. Each step waits for what the view shows, never for a time.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

/** Whether process `pid` still runs (a zombie waiting for a reaper runs nothing). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return stat.split(') ')[1]?.[0] !== 'Z';
}

/** A killed process is marked dead a moment after its output ended: waits for that mark, at most 10 s. */
async function processEnds(pid: number): Promise<boolean> {
  for (let check = 0; check < 200 && processRuns(pid); check++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !processRuns(pid);
}

/** A skill, a prompt file and a hook (its matcher names no tool, so no task of this file asks about it). */
function writeCustomizations(workspace: string): void {
  const write = (at: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(workspace, at)), { recursive: true });
    fs.writeFileSync(path.join(workspace, at), text);
  };
  write('.github/skills/e2e-review/SKILL.md', '---\nname: e2e-review\ndescription: Reviews a change the e2e way.\n---\nLook twice.\n');
  write('.github/prompts/e2e-ship.prompt.md', '---\ndescription: Ships it\n---\nShip $ARGUMENTS\n');
  write('.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'no_such_tool', hooks: [{ type: 'command', command: 'echo e2e-hook-marker' }] }] } }));
}

const theme = themes[0];
if (theme) {
  describe(`svc agent commands in VS Code (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme, { env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'commands.json') }, prepareWorkspace: writeCustomizations });
    const chat = () => vscode.workbench.webviewView(extensionId);
    /** The cards of calls to `tool`, by their accessible name ("Tool call run_command: done"). */
    const card = (tool: string) => chat().getByRole('article', { name: new RegExp(`^Tool call ${tool}:`) });

    it('starts a dev server in the background, lists it with a Stop button while the task goes on, reads its output, then stops it', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'bg-e2e: start the dev server and check it');
      const approval = chat().getByTestId('approval');
      await approval.waitFor({ timeout: 60_000 });
      const asked = (await approval.textContent()) ?? '';
      assert.match(asked, /Start this command in the background\?/, 'a command this long is shown whole below the question');
      assert.match(asked, /keeps running in the background until you stop it/);
      await approval.getByRole('button', { name: 'Approve' }).click();

      // The next command's question holds the task while the server runs: the view lists the server.
      await approval.filter({ hasText: 'echo checked while serving' }).waitFor({ timeout: 60_000 });
      const row = chat().getByTestId('process');
      await row.waitFor({ timeout: 15_000 });
      assert.match((await row.textContent()) ?? '', /node -e.*in the background/);
      assert.equal(await row.getByTestId('stop-process').isVisible(), true);
      const started = (await card('run_command').first().getByTestId('tool-output').textContent()) ?? '';
      assert.match(started, /started in the background as process p1/);
      const pid = Number(/listening on port \d+ pid (\d+)/.exec(started + ((await card('read_process_output').last().getByTestId('tool-output').textContent()) ?? ''))?.[1]);
      assert.ok(pid > 0, 'the server printed its port and pid');
      assert.equal(processRuns(pid), true, 'the server runs');
      assert.match((await card('read_process_output').last().getByTestId('tool-output').textContent()) ?? '', /process p1 is running[\s\S]*tick \d+/);
      await vscode.workbench.screenshot('commands-01-background-process-listed');
      await approval.getByRole('button', { name: 'Approve' }).click();

      await chat().locator('.message-row').last().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      assert.match((await card('stop_process').last().getByTestId('tool-output').textContent()) ?? '', /process p1 stopped/);
      assert.equal(await processEnds(pid), true, 'the server is gone');
      await chat().getByTestId('processes').waitFor({ state: 'hidden', timeout: 15_000 });
      await chat().getByText('The dev server started, served, and is stopped.').first().waitFor({ timeout: 15_000 });
    });

    it('a command past its time limit answers "still running", the task goes on to its answer, and the command stops with the task', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'limit-e2e: run the watcher');
      const approval = chat().getByTestId('approval');
      await approval.filter({ hasText: 'watching as pid' }).waitFor({ timeout: 60_000 });
      await approval.getByRole('button', { name: 'Approve' }).click();
      await chat().locator('.message-row').last().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      const output = (await card('run_command').last().getByTestId('tool-output').textContent()) ?? '';
      assert.match(output, /still running after 2 s: it goes on as process p1/);
      const pid = Number(/watching as pid (\d+)/.exec(output)?.[1]);
      assert.ok(pid > 0, 'the command printed its pid before its time limit');
      await chat().getByText(/carrying on without it/).first().waitFor({ timeout: 15_000 });
      assert.equal(await processEnds(pid), true, 'the command stopped with the task');
      await vscode.workbench.screenshot('commands-02-time-limit');
    });

    it('svc: Show Customizations lists the workspace\'s skill, prompt file and hook with their origin, and turns the skill off and on', async () => {
      const page = vscode.workbench.page;
      const pick = page.locator('.quick-input-widget');
      const rows = pick.locator('.quick-input-list .monaco-list-row');
      await vscode.workbench.startCommand('svc: Show Customizations', /^svc: Show Customizations$/);
      const skill = rows.filter({ hasText: 'e2e-review' }).first();
      await skill.waitFor({ timeout: 30_000 });
      assert.match((await skill.textContent()) ?? '', /\.github\/skills\/e2e-review\/SKILL\.md · GitHub Copilot · workspace/);
      assert.match((await rows.filter({ hasText: 'e2e-ship' }).first().textContent()) ?? '', /\.github\/prompts\/e2e-ship\.prompt\.md/);
      assert.match((await rows.filter({ hasText: 'e2e-hook-marker' }).first().textContent()) ?? '', /\.claude\/settings\.json · Claude Code · workspace[\s\S]*not approved yet/);
      await vscode.workbench.screenshot('commands-03-customizations');
      await skill.hover();
      await skill.locator('.action-label[aria-label="Turn off in this workspace"]').click();
      await rows.filter({ hasText: 'e2e-review' }).filter({ hasText: 'turned off in this workspace' }).first().waitFor({ timeout: 15_000 });
      await vscode.workbench.screenshot('commands-04-customization-turned-off');
      const off = rows.filter({ hasText: 'e2e-review' }).first();
      await off.hover();
      await off.locator('.action-label[aria-label="Turn on in this workspace"]').click();
      await rows.filter({ hasText: 'e2e-review' }).filter({ hasNotText: 'turned off' }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
    });
  });
}
