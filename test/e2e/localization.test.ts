// The extension in VS Code's display language, as a Chinese-speaking user meets it: code-server started
// with `--locale zh-cn` (the workbench itself stays English without a language pack, but VS Code reports
// zh-cn to extensions, which is what loads our bundle), and the same steps in English for comparison.
// Screenshots of the chat view, the agent's approvals (an edit, a command, a command with a warning), the
// list of sessions at 400 and 170 px, "svc: Show Customizations" and the Settings page go to
// test-results/e2e/light/zh-cn/ and …/en/; then, the theme switched in the same window, the list of
// sessions and the customizations again to test-results/e2e/dark/zh-cn/ and …/en/. A task hands a job to an
// explore subagent: its card, opened on the child's run, at 400 and 170 px in both themes. In Chinese, the
// chat view, the list of sessions, every approval card (title, warning, line count, buttons) and the subagent's
// card (title, facts, the child's read) show no English word but names: file names, the command itself,
// model ids, the conversations' titles, the job as the model wrote it and the subagent's kind.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { DEMO_COMMAND, DEMO_FILES, DEMO_TASK } from '../../src/shared/demoProject';
import { codeServerBuild, repoRoot } from '../harness/toolPaths';
import { openExtensionSettings } from './extensionSettings';
import { overflowing, setSideBarWidth } from './sideBar';
import { extensionId, sendAgentTask, themes, useVsCode, type VsCodeSession } from './vscodeSession';

/** Names that stay as written in any language: the product, model ids, formats, keys, file names. */
const NAMES = /svc-[\w.-]+|\bsvc\b|\bAPI\b|\bJSON\b|\bMarkdown\b|\bToken\b|\bMCP\b|\bgit\b|AGENTS\.md|\b(?:Shift|Ctrl|Cmd|Alt)\b(?:\+\w+)?|\bEnter\b|\bEscape\b|\/(?:compact|plan)\b|https?:\/\/\S+/g;

/** File names, the command or file quoted in a question, tool names (read_file): as the user or the model wrote them. */
const QUOTED_NAMES = /`[^`]*`|[\w.-]+\.(?:js|ts|json|txt|md)\b|\b[a-z]+(?:_[a-z]+)+\b/g;

/** Words written as they are (the user's task, a command): `text`, or any start of it of three words or more (a conversation's title). */
function asWritten(text: string): RegExp {
  const words = text.split(' ').map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const rest = words.slice(3).reduceRight((tail, word) => `(?: ${word}${tail})?`, '');
  return new RegExp(`${words.slice(0, 3).join(' ')}${rest}`, 'g');
}

/** Visible text, and the accessible names, tooltips and placeholders of every element, under `root`. */
function pageWords(root: Element): string[] {
  const words: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.nodeValue?.trim() ?? '';
    if (text === '' || !parent || parent.closest('[hidden], .markdown, pre, code, .message-author') || !parent.checkVisibility()) continue;
    words.push(text);
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim();
      if (value) words.push(value);
    }
  }
  return words;
}

/** The texts among `words` that still hold an English word once names are taken out. */
function englishIn(words: string[], names: RegExp[]): string[] {
  return words.filter((text) => /[A-Za-z]{3,}/.test([...names, NAMES, QUOTED_NAMES].reduce((rest, name) => rest.replace(name, ''), text)));
}

interface AskedApproval {
  kind: string;
  /** English left in the card. */
  english: string[];
  /** English left anywhere in the view while the card waits (the reply's badge, the cards above). */
  view: string[];
}

/**
 * Approves every question of the running task until `done` shows, noting each card's English; the first
 * card of each kind in `shots` is screenshotted. A card's detail (the diff, the command) is the model's text.
 */
async function approveAll(vscode: VsCodeSession, chat: FrameLocator, done: ReturnType<FrameLocator['locator']>, options: { approve: string; names: RegExp[]; shots: Record<string, string> }): Promise<AskedApproval[]> {
  const approval = chat.getByTestId('approval');
  const asked: AskedApproval[] = [];
  const shots = { ...options.shots };
  for (;;) {
    await approval.or(done).first().waitFor({ timeout: 60_000 });
    if (await done.isVisible()) return asked;
    const kind = (await approval.getAttribute('data-kind')) ?? '';
    asked.push({ kind, english: englishIn(await approval.evaluate(pageWords), options.names), view: englishIn(await chat.locator('body').evaluate(pageWords), options.names) });
    const shot = shots[kind];
    if (shot !== undefined) {
      await approval.scrollIntoViewIfNeeded();
      await vscode.workbench.screenshot(shot);
      delete shots[kind];
    }
    const answered = chat.locator(`[data-testid="approval"][data-request-id="${await approval.getAttribute('data-request-id')}"]`);
    await approval.getByRole('button', { name: options.approve, exact: true }).click();
    await answered.waitFor({ state: 'detached', timeout: 15_000 });
  }
}

const theme = themes[0];
const dark = themes.find((t) => t.name === 'dark');
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
const chinese = { locale: 'zh-cn', folder: 'zh-cn', approve: '批准', reject: '拒绝', settingsGroup: '模型' };
const english = { locale: 'en', folder: 'en', approve: 'Approve', reject: 'Reject', settingsGroup: 'Model' };
// The English run is the comparison for the screenshots, the same in every VS Code: the oldest runs only the
// Chinese one, where the language VS Code reports to the extension is what that version adds.
const languages = codeServerBuild().name === 'newest' ? [chinese, english] : [chinese];

/** The task whose agent hands a job to an explore subagent (test/fixtures/scenarios/explore-subagent.json), and the job's words. */
const SUBAGENT_TASK = 'explain the price formatter';
const SUBAGENT_JOB = 'find the price formatter';
/** What the subagent's card says, in each language: its phrase once done, its run's facts, the child's read. */
const subagentCard = {
  'zh-cn': { done: /^子代理已完成：\s*find the price formatter\s*explore$/, facts: /^explore · 2 步 · 1 次调用 · [\d,]+ Token(?: （[\d,]+ 已缓存）)?(?: · [\d.]+ m?s)?$/, read: /^已读取\s*format\.js\s*整个文件$/ },
  en: { done: /^Subagent did\s*find the price formatter\s*explore$/, facts: /^explore · 2 steps · 1 call · [\d,]+ tokens(?: \([\d,]+ cached\))?(?: · [\d.]+ m?s)?$/, read: /^Read\s*format\.js\s*whole file$/ },
};

/**
 * The approvals' command with a warning and the explore subagent's job, as one scenario file (the emulator
 * reads one), written next to this run's other files.
 */
function scenarioFile(): string {
  const scenarios = ['hidden-command.json', 'explore-subagent.json'].flatMap((name) => (JSON.parse(fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'scenarios', name), 'utf8')) as { scenarios: unknown[] }).scenarios);
  const folder = process.env.SVC_E2E_RUN_DIR ?? path.join(repoRoot, 'test-results');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `localization-scenarios-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ scenarios }));
  return file;
}

if (theme) {
  const scenarios = scenarioFile();
  for (const language of languages) {
    describe(`svc in VS Code's display language ${language.locale} (${theme.name} theme)`, function () {
      this.timeout(120_000);
      const vscode = useVsCode(theme, {
        locale: language.locale,
        screenshotFolder: language.folder,
        settings: { 'svc.emulator.speed': 40 },
        env: { SVC_EMULATOR_SCENARIOS: scenarios },
        prepareWorkspace: (workspace) => {
          for (const [name, text] of Object.entries(DEMO_FILES)) fs.writeFileSync(path.join(workspace, name), text);
          // Something for the list of customizations to show; neither reaches a request of these steps.
          const customizations = { '.github/prompts/typos.prompt.md': '---\ndescription: Check a file for typos\nargument-hint: <file>\n---\nCheck $ARGUMENTS for typos.\n', '.github/instructions/python.instructions.md': '---\napplyTo: "**/*.py"\n---\nUse type hints.\n' };
          for (const [name, text] of Object.entries(customizations)) {
            fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
            fs.writeFileSync(path.join(workspace, name), text);
          }
        },
      });
      /** The workspace folder's name, which questions about a folder name as written. */
      const folderName = () => escaped(path.basename(vscode.workspace));
      const chat = () => vscode.workbench.webviewView(extensionId);

      it('shows the chat view in that language', async () => {
        await vscode.workbench.activityBarItem('svc').click();
        await chat().getByTestId('composer-input').waitFor({ timeout: 30_000 });
        await chat().getByTestId('model-picker').locator('option').first().waitFor({ state: 'attached', timeout: 30_000 });
        assert.equal(await chat().locator('html').getAttribute('lang'), language.locale, 'the page is in the language VS Code reports');
        await vscode.workbench.screenshot('l10n-01-chat-view');
        if (language.locale === 'en') return;
        const english = (await chat().locator('body').evaluate(pageWords)).filter((text) => /[A-Za-z]{3,}/.test(text.replace(NAMES, '')));
        assert.deepEqual(english, [], 'no English left in the chat view but names');
      });

      it("asks the agent task's edit and command approvals inline in that language", async () => {
        await sendAgentTask(chat(), DEMO_TASK);
        const summary = chat().locator('.message-row').last().getByTestId('agent-summary');
        const asked = await approveAll(vscode, chat(), summary, {
          approve: language.approve,
          names: [folderName(), asWritten(DEMO_TASK), asWritten(DEMO_COMMAND)],
          shots: { edit: 'l10n-02-approval-edit', command: 'l10n-03-approval-command' },
        });
        assert.deepEqual([...new Set(asked.map((a) => a.kind))].sort(), ['command', 'edit'], 'an edit and a command were asked');
        if (language.locale === 'en') return;
        assert.deepEqual(asked.filter((a) => a.english.length > 0), [], 'no English in an approval card but names');
        assert.deepEqual(asked.filter((a) => a.view.length > 0), [], 'no English in the view while an approval waits but names');
      });

      it('asks a command with a warning inline in that language', async () => {
        await chat().locator('[data-action="new-chat"]').click();
        await sendAgentTask(chat(), 'check the build');
        const approval = chat().getByTestId('approval');
        await approval.waitFor({ timeout: 60_000 });
        await approval.getByTestId('approval-warning').first().waitFor({ timeout: 15_000 });
        await vscode.workbench.screenshot('l10n-04-approval-warning');
        const english = englishIn(await approval.evaluate(pageWords), [folderName()]);
        await approval.getByRole('button', { name: language.reject, exact: true }).click();
        await approval.waitFor({ state: 'detached', timeout: 15_000 });
        if (language.locale === 'en') return;
        assert.deepEqual(english, [], 'no English in the warning card but names');
      });

      /** The list of sessions (the conversations above) at 400 and 170 px: nothing sticks out, and in Chinese no English but names. */
      async function showSessions(): Promise<void> {
        const panel = chat().getByTestId('conversation-panel');
        if (await panel.isHidden()) await chat().locator('[data-action="toggle-conversations"]').click();
        const rows = chat().getByTestId('session-row');
        await rows.filter({ hasText: 'check the build' }).getByTestId('session-state').waitFor({ timeout: 15_000 });
        for (const width of [400, 170]) {
          await setSideBarWidth(vscode.workbench.page, width);
          await chat().locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await vscode.workbench.screenshot(`l10n-06-sessions-${width}px`);
          assert.deepEqual(await overflowing(chat()), [], `the list at ${width} px`);
        }
        await setSideBarWidth(vscode.workbench.page, 400);
        if (language.locale !== 'en') {
          const titles = (await chat().locator('[data-testid="session-row"] .conversation-title').allInnerTexts()).map(escaped);
          assert.deepEqual(englishIn(await panel.evaluate(pageWords), [...titles, folderName()]), [], 'no English in the list of sessions but names');
        }
        await chat().locator('[data-action="toggle-conversations"]').click();
      }

      /** "svc: Show Customizations", its QuickPick shown with its placeholder in that language. */
      async function showCustomizations(): Promise<void> {
        const page = vscode.workbench.page;
        // The palette shows the command under its title in the manifest's language.
        await vscode.workbench.startCommand(language.locale === 'en' ? 'svc: Show Customizations' : 'svc: 显示自定义项', /^svc: (Show Customizations|显示自定义项)$/);
        const placeholder = language.locale === 'en' ? /^Skills, prompt files, instructions, rules, hooks and MCP servers of this window/ : /^此窗口的技能、提示文件、指令、规则、钩子和 MCP 服务器/;
        await page.waitForFunction((source) => new RegExp(source).test(document.querySelector<HTMLInputElement>('.quick-input-widget .quick-input-box input')?.placeholder ?? ''), placeholder.source, { timeout: 30_000 });
        await vscode.workbench.screenshot('l10n-customizations');
        await page.keyboard.press('Escape');
      }

      /**
       * The explore subagent's card, its run opened on the child's read, at 400 and 170 px: nothing sticks out,
       * the card says what it did in that language, and in Chinese no English but names.
       */
      async function showSubagent(): Promise<void> {
        const card = chat().locator('[data-testid="tool-card"][data-tool="run_subagent"]').first();
        const run = card.getByTestId('subagent-run');
        if ((await run.getAttribute('open')) === null) await card.getByTestId('subagent-facts').click();
        const read = run.locator('[data-testid="tool-card"][data-tool="read_file"]');
        await read.waitFor({ timeout: 15_000 });
        const says = subagentCard[language.locale === 'en' ? 'en' : 'zh-cn'];
        const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
        for (const width of [400, 170]) {
          await setSideBarWidth(vscode.workbench.page, width);
          await chat().locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await card.scrollIntoViewIfNeeded();
          await vscode.workbench.screenshot(`l10n-07-subagent-${width}px`);
          assert.deepEqual(await overflowing(chat()), [], `the subagent's card at ${width} px`);
          assert.match(flat(await card.locator(':scope > .tool-card-header [data-testid="tool-title"]').innerText()), says.done);
          assert.match(flat(await run.getByTestId('subagent-facts').innerText()), says.facts);
          assert.match(flat(await read.getByTestId('tool-title').innerText()), says.read);
          if (language.locale !== 'en') assert.deepEqual(englishIn(await card.evaluate(pageWords), [asWritten(SUBAGENT_JOB), /\bexplore\b/g, /\bsrc\/format\.js\b/g]), [], `no English in the subagent's card at ${width} px but names`);
        }
        await setSideBarWidth(vscode.workbench.page, 400);
      }

      it('shows the list of sessions in that language at 400 and 170 px', showSessions);

      it('shows svc: Show Customizations in that language', showCustomizations);

      it("shows an explore subagent's card, opened on its run, in that language at 400 and 170 px", async () => {
        await chat().locator('[data-action="new-chat"]').click();
        await sendAgentTask(chat(), SUBAGENT_TASK);
        await chat().locator('.message-row').last().getByTestId('agent-summary').waitFor({ timeout: 90_000 });
        await showSubagent();
      });

      it('shows the settings in that language on the Settings page', async () => {
        const editor = await openExtensionSettings(vscode);
        const titles = editor.locator('.settings-toc-container .settings-toc-entry');
        await titles.filter({ hasText: language.settingsGroup }).first().click({ timeout: 30_000 });
        await editor.locator('.setting-item-contents').filter({ hasText: 'svc-k2-thinking-turbo' }).first().waitFor({ timeout: 15_000 });
        await vscode.workbench.screenshot('l10n-05-settings');
      });

      it("shows the list of sessions, svc: Show Customizations and the subagent's card in the dark theme too", async () => {
        assert.ok(dark, 'a dark theme');
        await vscode.switchTheme(dark, chat());
        await showSessions();
        await showCustomizations();
        await showSubagent();
      });
    });
  }
}
