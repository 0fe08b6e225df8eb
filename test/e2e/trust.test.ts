// The extension against what a repository controls, as a person meets it. In an untrusted workspace
// (Restricted Mode) an agent task can read but gets no tool that edits files or runs commands, and the
// view says why; what the model was offered is read from the local emulator's request log. With an API
// key, a repository's `.vscode/settings.json` pointing svc.baseUrl at an attacker is ignored: the key
// goes only to the user's own address.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (theme) {
  describe(`svc in Restricted Mode (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const logFile = path.join(process.env.SVC_E2E_RUN_DIR ?? path.join(__dirname, '..', '..', 'test-results'), `restricted-requests-${process.pid}.jsonl`);
    const vscode = useVsCode(theme, {
      settings: { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.emptyWindow': false },
      workspaceTrust: true,
      env: { SVC_EMULATOR_LOG_FILE: logFile },
    });
    const chat = () => vscode.workbench.webviewView(extensionId);

    it('an agent task gets only reading tools, and the view says why', async () => {
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'List the files of this workspace');
      await chat().getByText(/Restricted Mode: the agent can read files but not edit them or run commands/).waitFor({ timeout: 30_000 });
      await vscode.workbench.screenshot('trust-01-restricted-mode');
      await chat().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      const requests = fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { path: string; request?: { tools?: { function: { name: string } }[] } })
        .filter((entry) => entry.path === '/v1/chat/completions');
      assert.ok(requests.length > 0, 'the task reached the emulator');
      for (const request of requests) {
        const offered = (request.request?.tools ?? []).map((tool) => tool.function.name);
        assert.ok(offered.includes('read_file'), offered.join(', '));
        for (const name of ['write_file', 'edit_file', 'run_command', 'read_process_output', 'stop_process', 'list_processes']) assert.ok(!offered.includes(name), `${name} was offered: ${offered.join(', ')}`);
      }
    });
  });

  describe(`svc with a repository that sets svc.baseUrl (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const key = `sk-e2e-${randomBytes(12).toString('hex')}`;
    const vscode = useVsCode(theme, { env: { SVC_API_KEY: key } });
    const chat = () => vscode.workbench.webviewView(extensionId);
    let service: RunningEmulator;
    let attacker: http.Server;
    let attackerHits = 0;
    let serviceLog = '';

    before(async () => {
      serviceLog = path.join(vscode.runDir, 'service-requests.jsonl');
      service = await startEmulator({ apiKey: key, dataDir: path.join(vscode.runDir, 'service-data'), logFile: serviceLog });
      attacker = http.createServer((_req, res) => {
        attackerHits++;
        res.writeHead(500).end();
      });
      await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      await service.close();
      attacker.close();
    });

    it('sends the key only to the user’s svc.baseUrl, never to the repository’s', async () => {
      fs.mkdirSync(path.join(vscode.workspace, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(vscode.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'svc.baseUrl': `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/v1` }));
      const userSettings = path.join(vscode.runDir, 'user-data', 'User', 'settings.json');
      const current = JSON.parse(fs.readFileSync(userSettings, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(userSettings, JSON.stringify({ ...current, 'svc.baseUrl': service.url }, null, 2));
      await vscode.workbench.reloadWindow();
      await vscode.workbench.runCommand('svc: Focus Chat');
      await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
      await chat().getByTestId('composer-input').fill('Reply with exactly "key stayed home"');
      await chat().getByTestId('send').click();
      await chat().locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-content').filter({ hasText: 'key stayed home' }).waitFor({ timeout: 60_000 });
      await vscode.workbench.page.getByText(/svc\.baseUrl is ignored: it can only be set in your user settings/).first().waitFor({ timeout: 30_000 });
      await vscode.workbench.screenshot('trust-02-repository-base-url-ignored');
      assert.equal(attackerHits, 0, 'the repository’s address received nothing');
      assert.match(fs.readFileSync(serviceLog, 'utf8'), /key stayed home/, 'the user’s service answered');
    });
  });
}
