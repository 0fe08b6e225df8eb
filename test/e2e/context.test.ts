// Context the user controls, as a person uses it: the workspace's AGENTS.md shown above
// the message box and sent first; an @file and @problems mention picked from the completion list and
// sent (the emulator's request log shows both); the context meter under the message box. Each screenshot is
// taken in both themes, the window switched between them where it stands.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../harness/toolPaths';
import { openFile } from './quickOpen';
import { extensionId, themes, useVsCode } from './vscodeSession';

interface Logged {
  path: string;
  request?: { messages: Array<{ role: string; content: unknown }> };
}

const [firstTheme] = themes;
if (firstTheme) {
  describe(`svc context: rules, mentions and the meter (${themes.map((t) => t.name).join(' and ')} theme)`, function () {
    this.timeout(120_000);
    const logFile = path.join(process.env.SVC_E2E_RUN_DIR ?? path.join(repoRoot, 'test-results'), `context-requests-${process.pid}.jsonl`);
    const vscode = useVsCode(firstTheme, { env: { SVC_EMULATOR_LOG_FILE: logFile } });
    const chat = () => vscode.workbench.webviewView(extensionId);
    /** The screenshot in each theme, the one shown first (one switch); `restore` brings back what the switch closed. */
    async function screenshot(name: string, restore?: () => Promise<void>): Promise<void> {
      const shown = vscode.theme;
      for (const theme of [shown, ...themes.filter((t) => t.name !== shown.name)]) {
        await vscode.switchTheme(theme, chat());
        if (theme !== shown) await restore?.();
        await vscode.workbench.screenshot(name);
      }
    }
    const chats = (): Logged[] =>
      (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter((l) => l.trim() !== '') : [])
        .map((l) => JSON.parse(l) as Logged)
        .filter((r) => r.path === '/v1/chat/completions');

    it('sends AGENTS.md first and the mentioned file and problems, picked from the completion list', async () => {
      fs.writeFileSync(path.join(vscode.workspace, 'AGENTS.md'), 'Answer in one short paragraph.\n');
      fs.writeFileSync(path.join(vscode.workspace, 'notes.md'), '# Notes\n\nThe release is on Friday.\n');
      fs.writeFileSync(path.join(vscode.workspace, 'broken.json'), '{ "a": 1,, }\n');
      // Open the broken file so VS Code's JSON support reports its problem.
      const page = vscode.workbench.page;
      await openFile(page, 'broken.json');
      await page.locator('.statusbar-item[id="status.problems"]', { hasText: /[1-9]/ }).waitFor({ timeout: 30_000 });

      await vscode.workbench.runCommand('svc: Focus Chat');
      const input = chat().getByTestId('composer-input');
      await input.waitFor({ timeout: 30_000 });
      await chat().getByTestId('rules-chip').filter({ hasText: 'AGENTS.md' }).waitFor({ timeout: 15_000 });
      // A model whose context length is known: the meter fills against it.
      await chat().getByTestId('model-picker').selectOption('svc-v1-32k');
      await input.click();
      await input.pressSequentially('Summarize @notes');
      await chat().getByTestId('completion-item').filter({ hasText: '@notes.md' }).waitFor({ timeout: 15_000 });
      // The palette that switches the theme takes the focus, and the list closes: typed again, it opens again.
      await screenshot('context-01-mention-list', async () => {
        await input.focus();
        await input.press('End');
        await input.press('Backspace');
        await input.pressSequentially('s');
        await chat().getByTestId('completion-item').filter({ hasText: '@notes.md' }).waitFor({ timeout: 15_000 });
      });
      await input.press('Enter');
      await input.pressSequentially('and list @problem');
      await chat().getByTestId('completion-item').filter({ hasText: '@problems' }).waitFor({ timeout: 15_000 });
      await input.press('Enter');
      assert.equal(await input.inputValue(), 'Summarize @notes.md and list @problems ');
      await chat().getByTestId('context-meter').waitFor({ timeout: 15_000 });
      const before = chats().length;
      await input.press('Enter');
      await chat().locator('[data-role="assistant"][data-status="complete"]').first().waitFor({ timeout: 60_000 });
      const sent = chats().slice(before)[0]?.request?.messages ?? [];
      const system = sent.filter((m) => m.role === 'system').map((m) => String(m.content));
      assert.match(system[0] ?? '', /^You work in the user's workspace through tools\./, 'the ground rules open every request');
      assert.match(system[1] ?? '', /## AGENTS\.md \(from the workspace\)\n\nAnswer in one short paragraph\./, 'the rules come right after');
      assert.ok(system.some((c) => c.startsWith('The user mentioned @notes.md (file notes.md)') && c.includes('The release is on Friday.')), 'the file is sent');
      assert.ok(system.some((c) => c.startsWith('The user mentioned @problems') && c.includes('broken.json')), 'the problems are sent');
      await screenshot('context-02-sent-with-rules-and-mentions');
    });

    /**
     * Sends `text` and waits until its own reply is complete: the emulator logged one more request, the view
     * shows the message, and the reply after it says complete. Waiting for "no reply streaming" would pass
     * before the view has even started this reply (the previous one is complete), and counting replies in the
     * DOM would not do: the list mounts only what is near the screen.
     */
    async function sendAndWait(text: string): Promise<void> {
      const input = chat().getByTestId('composer-input');
      const before = chats().length;
      await input.fill(text);
      await input.press('Enter');
      for (const deadline = Date.now() + 60_000; chats().length <= before; ) {
        if (Date.now() > deadline) throw new Error(`no request for "${text.slice(0, 40)}…" within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const sent = chat().locator('[data-role="user"]').filter({ hasText: text }).last();
      await sent.waitFor({ timeout: 60_000 });
      const reply = sent.locator('xpath=following::*[@data-role="assistant"][1]');
      await reply.and(chat().locator('[data-status="complete"]')).waitFor({ timeout: 60_000 });
    }

    it('compacts a long conversation with /compact: the summary shows and the next request is smaller', async () => {
      const input = chat().getByTestId('composer-input');
      const long = 'Explain the Gregorian leap-year rule in detail, with its history, the century exception and the 400-year exception. '.repeat(12);
      for (const text of ['first', 'second', 'third']) await sendAndWait(`${long} (${text})`);
      const beforeSize = JSON.stringify(chats().at(-1)?.request?.messages ?? []).length;
      await input.fill('/compact keep the leap-year rules');
      await input.press('Enter');
      await chat().getByTestId('compaction').waitFor({ timeout: 60_000 });
      await chat().getByText(/^Compacted/).first().waitFor({ timeout: 15_000 });
      await screenshot('context-03-compacted');
      await sendAndWait('And what about 2100?');
      const after = chats().at(-1)?.request?.messages ?? [];
      assert.ok(after.some((m) => m.role === 'system' && String(m.content).startsWith('Summary of the earlier part of this conversation')), 'the summary is sent');
      assert.ok(JSON.stringify(after).length < beforeSize, `the request after compaction (${JSON.stringify(after).length} chars) is smaller than before it (${beforeSize})`);
    });
  });
}
