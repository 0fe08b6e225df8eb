// An agent edit on a Windows-style file as a person sees it: the task (scripted on the emulator) sends a
// multi-line edit written with LF line breaks, as models do, for a file with CRLF line endings; it lands,
// and the file on disk still has CRLF on every line, byte for byte.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

const theme = themes[0];
if (theme) {
  describe(`svc agent edits in VS Code (${theme.name} theme)`, function () {
    this.timeout(120_000);
    const vscode = useVsCode(theme, {
      settings: { 'svc.agent.autoApproveEdits': true },
      env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'crlfEdit.json') },
    });
    const chat = () => vscode.workbench.webviewView(extensionId);

    it('a task edits a CRLF file with LF text and the file keeps CRLF', async () => {
      const file = path.join(vscode.workspace, 'settings.ini');
      fs.writeFileSync(file, '; generated on Windows\r\n[app]\r\nname = demo\r\nmode = debug\r\n\r\n[db]\r\nhost = local\r\n');
      await vscode.workbench.runCommand('svc: Focus Chat');
      await sendAgentTask(chat(), 'crlf-e2e: set mode to release in settings.ini');
      await chat().getByTestId('agent-summary').waitFor({ timeout: 60_000 });
      const card = chat().locator('[data-testid="tool-card"][data-tool="edit_file"]').last();
      assert.equal(await card.getAttribute('data-status'), 'done');
      assert.match((await card.getByTestId('tool-title').textContent()) ?? '', /Edited\s*settings\.ini\s*\+2\s*−1/);
      assert.equal(fs.readFileSync(file).toString('latin1'), '; generated on Windows\r\n[app]\r\nname = demo\r\nmode = release\r\nlevel = 2\r\n\r\n[db]\r\nhost = local\r\n');
      await vscode.workbench.screenshot('agent-edits-01-crlf-kept');
    });
  });
}
