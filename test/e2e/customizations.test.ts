// Skills, prompt files and hooks as a person meets them in the real VS Code, on the emulator's scripted
// model without a scenario (it chooses and follows skills itself, src/emulator/skillUse.ts). The
// workspace holds two skills in .github/skills, a prompt file and a PreToolUse hook in
// .claude/settings.json that blocks deploys. A task uses a skill: its first request carries only the
// skills' names and descriptions, the body comes with use_skill's answer (the emulator's request log).
// `/typos README.md` runs the prompt file with the argument in place. A task that deploys: the hook asks
// for its exact command, once approved it blocks the command and the model reads its reason, which the
// tool card shows; asked again in dark, it is not asked again. Screenshots light, then dark by switching
// the colour theme in the same window.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ChatRequest } from '../../src/api/index';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, startNewChat, themes, useVsCode } from './vscodeSession';

const light = themes.find((t) => t.name === 'light')!;
const dark = themes.find((t) => t.name === 'dark')!;

const HOOK_COMMAND = 'sh .claude/hooks/freeze.sh';
const REASON = 'Deploys are frozen until the 2.0 release is out.';

function writeCustomizations(workspace: string): void {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
    fs.writeFileSync(path.join(workspace, file), text);
  };
  write('.github/skills/release-notes/SKILL.md', '---\nname: release-notes\ndescription: Draft release notes from the changes since the last tag.\n---\nRead the changes since the last tag.\nReply with exactly "Release notes: 3 changes since v1.2."\n');
  write('.github/skills/deploy/SKILL.md', '---\nname: deploy\ndescription: Publish the site to the staging server.\n---\nRun `sh deploy.sh staging` from the workspace root.\n');
  write('deploy.sh', 'echo "published to $1" > published.txt\n');
  write('.github/prompts/typos.prompt.md', '---\ndescription: Check a file for typos\nargument-hint: <file>\n---\nReply with exactly "Checked $ARGUMENTS for typos."\n');
  write('.claude/hooks/freeze.sh', `if grep -q deploy; then\n  echo "${REASON}" >&2\n  exit 2\nfi\n`);
  write('.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK_COMMAND }] }] } }, null, 2));
}

describe('svc skills, prompt files and hooks in VS Code (light, then dark)', function () {
  this.timeout(300_000);
  const logFile = path.join(process.env.SVC_E2E_RUN_DIR ?? path.join(repoRoot, 'test-results'), `customization-requests-${process.pid}.jsonl`);
  const vscode = useVsCode(light, { settings: { 'svc.thinking': false }, env: { SVC_EMULATOR_LOG_FILE: logFile }, prepareWorkspace: writeCustomizations });
  const chat = () => vscode.workbench.webviewView(extensionId);
  const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const chatRequests = (): ChatRequest[] =>
    (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '')
      .split('\n')
      .filter((line) => line.includes('"/v1/chat/completions"'))
      .map((line) => (JSON.parse(line) as { request: ChatRequest }).request);
  const assistantSaying = (text: string) => chat().locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-content').filter({ hasText: text });

  async function useTheSkill(theme: string): Promise<void> {
    await startNewChat(vscode, chat());
    const before = chatRequests().length;
    await sendAgentTask(chat(), 'Write the release notes for v1.3');
    await chat().getByTestId('agent-summary').waitFor({ timeout: 90_000 });
    await assistantSaying('Release notes: 3 changes since v1.2.').waitFor({ timeout: 30_000 });
    const card = chat().locator('[data-testid="tool-card"][data-tool="use_skill"]');
    assert.equal(await card.count(), 1);
    assert.equal(squash(await card.getByTestId('tool-title').innerText()), 'Read the skill release-notes', 'a sentence, with no line range');
    const requests = chatRequests().slice(before);
    assert.equal(requests.length, 2, 'use_skill, then the answer');
    const [first, second] = requests.map((r) => JSON.stringify(r.messages));
    assert.match(first!, /- release-notes \(workspace\): Draft release notes from the changes since the last tag\./);
    assert.match(first!, /- deploy \(workspace\): Publish the site to the staging server\./);
    assert.doesNotMatch(first!, /Read the changes since the last tag|sh deploy\.sh/, 'no body before use_skill');
    assert.match(second!, /Skill release-notes \(from the workspace: \.github\/skills\/release-notes\/SKILL\.md\)\\n\\nRead the changes since the last tag\./);
    assert.doesNotMatch(second!, /sh deploy\.sh/, "the other skill's body is never read");
    await vscode.workbench.screenshot(`customizations-01-skill-${theme}`);
  }

  async function deployBlocked(theme: string, expectQuestion: boolean): Promise<void> {
    await startNewChat(vscode, chat());
    const before = chatRequests().length;
    await sendAgentTask(chat(), 'Please deploy the site to staging');
    if (expectQuestion) {
      const approval = chat().locator('[data-testid="approval"][data-kind="run-hook"]');
      await approval.waitFor({ timeout: 90_000 });
      assert.match(squash(await approval.locator('.approval-title').textContent()), /\.claude\/settings\.json, PreToolUse/);
      assert.equal(await approval.getByTestId('approval-detail').textContent(), HOOK_COMMAND, 'the exact command is shown');
      await vscode.workbench.screenshot(`customizations-03-hook-approval-${theme}`);
      await approval.getByRole('button', { name: 'Approve', exact: true }).click();
    }
    await chat().getByTestId('agent-summary').waitFor({ timeout: 90_000 });
    assert.equal(await chat().getByTestId('approval').count(), 0, 'nothing else was asked: the blocked command never was');
    const run = chat().locator('[data-testid="tool-card"][data-tool="run_command"]');
    assert.equal(await run.getAttribute('data-status'), 'rejected');
    const result = run.getByTestId('tool-result');
    if ((await result.getAttribute('open')) === null) await result.locator('summary').click();
    assert.match(squash(await result.getByTestId('tool-output').textContent()), new RegExp(`A PreToolUse hook blocked this call of run_command.*${REASON.replace(/\./g, '\\.')}`));
    assert.equal(fs.existsSync(path.join(vscode.workspace, 'published.txt')), false, 'the command did not run');
    const requests = chatRequests().slice(before);
    assert.equal(requests.length, 3, 'use_skill, run_command, the answer');
    const lastTool = requests[2]!.messages.filter((m) => m.role === 'tool').at(-1);
    assert.match(String(lastTool?.content), new RegExp(REASON.replace(/\./g, '\\.')), 'the model reads the reason');
    await assistantSaying(REASON).waitFor({ timeout: 30_000 });
    await vscode.workbench.screenshot(`customizations-04-hook-blocked-${theme}`);
  }

  it("a task uses a skill whose body is read only once chosen; /typos runs the prompt file with its argument; the workspace's hook, approved once, blocks a deploy and the model reads why", async () => {
    if (fs.existsSync(logFile)) fs.rmSync(logFile);
    await vscode.workbench.runCommand('svc: Focus Chat');
    await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
    await useTheSkill('light');

    await startNewChat(vscode, chat());
    const beforePrompt = chatRequests().length;
    await chat().getByTestId('mode-picker').selectOption('ask');
    const input = chat().getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('/typ');
    await chat().getByTestId('completion-list').waitFor({ timeout: 30_000 });
    assert.deepEqual(await chat().locator('[data-testid="completion-item"] .completion-label').allTextContents(), [' /typos <file>']);
    await input.press('Tab');
    await input.pressSequentially('README.md');
    await input.press('Enter');
    await assistantSaying('Checked README.md for typos.').waitFor({ timeout: 60_000 });
    const promptRequests = chatRequests().slice(beforePrompt);
    assert.equal(promptRequests.length, 1);
    const sent = promptRequests[0]!.messages.filter((m) => m.role === 'user').at(-1);
    assert.equal(sent?.content, 'Reply with exactly "Checked README.md for typos."', 'the prompt file with $ARGUMENTS in place');
    await vscode.workbench.screenshot('customizations-02-prompt-file-light');

    await deployBlocked('light', true);

    await vscode.switchTheme(dark, chat());
    await useTheSkill('dark');
    // Approved once: the same command from the same file is not asked about again.
    await deployBlocked('dark', false);
  });
});
