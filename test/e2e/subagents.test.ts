// Subagents in the real VS Code, on the emulator's scripted model (test/fixtures/scenarios/subagents.json):
// a task calls two explore subagents in one step; both cards show their job with the child's run nested,
// folded, under it; opened, the child's read shows as its own card; the parent's next request (the
// emulator's request log) carries the two reports and nothing the children read. Screenshots at 400 px and
// 170 px, light, then dark by switching the colour theme (`workbench.colorTheme`) in the same window.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ChatRequest } from '../../src/api/index';
import { repoRoot } from '../harness/toolPaths';
import { switchColorTheme } from './colorTheme';
import { overflowing, setSideBarWidth } from './sideBar';
import { extensionId, sendAgentTask, themes, useVsCode } from './vscodeSession';

const light = themes.find((t) => t.name === 'light')!;
const dark = themes.find((t) => t.name === 'dark')!;

describe('svc subagents in VS Code (light, then dark)', function () {
  this.timeout(240_000);
  const logFile = path.join(process.env.SVC_E2E_RUN_DIR ?? path.join(repoRoot, 'test-results'), `subagent-requests-${process.pid}.jsonl`);
  const vscode = useVsCode(light, {
    settings: { 'svc.thinking': false },
    env: { SVC_EMULATOR_SCENARIOS: path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'subagents.json'), SVC_EMULATOR_LOG_FILE: logFile },
  });
  const chat = () => vscode.workbench.webviewView(extensionId);
  const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
  const chatRequests = (): ChatRequest[] =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"/v1/chat/completions"'))
      .map((line) => (JSON.parse(line) as { request: ChatRequest }).request);

  async function shots(name: string): Promise<void> {
    for (const width of [400, 170]) {
      await setSideBarWidth(vscode.workbench.page, width);
      await chat().locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await vscode.workbench.screenshot(`${name}-${width}px`);
      assert.deepEqual(await overflowing(chat()), [], `${name} at ${width} px`);
    }
    await setSideBarWidth(vscode.workbench.page, 400);
  }

  it('two explore subagents in one step: both cards nest their run, and the parent\'s next request carries only their reports', async () => {
    if (fs.existsSync(logFile)) fs.rmSync(logFile);
    await vscode.workbench.runCommand('svc: Focus Chat');
    await sendAgentTask(chat(), 'survey the shop helpers');
    await chat().getByTestId('agent-summary').waitFor({ timeout: 90_000 });

    const cards = chat().locator('[data-testid="tool-card"][data-tool="run_subagent"]');
    assert.equal(await cards.count(), 2);
    // The cards follow the order the children finished in.
    const titles = (await cards.locator(':scope > .tool-card-header [data-testid="tool-title"]').allInnerTexts()).map(squash).sort();
    assert.deepEqual(titles, ['Subagent did find the price formatter explore', 'Subagent did find the reorder rule explore']);
    for (const card of await cards.all()) {
      const run = card.getByTestId('subagent-run');
      assert.equal(await run.getAttribute('data-status'), 'done');
      assert.equal(await run.getAttribute('open'), null, 'folded');
      assert.match(squash(await run.getByTestId('subagent-facts').innerText()), /^explore · 2 steps · 1 call · [\d,]+ tokens/);
    }
    const formatter = cards.filter({ hasText: 'find the price formatter' });
    await formatter.getByTestId('subagent-facts').click();
    const read = formatter.locator('[data-testid="subagent-run"] [data-testid="tool-card"][data-tool="read_file"]');
    assert.equal(squash(await read.locator('[data-testid="tool-title"]').innerText()), 'Read format.js whole file');

    const requests = chatRequests();
    const parent = requests.filter((r) => !r.prompt_cache_key?.endsWith('-sub-explore'));
    const children = requests.filter((r) => r.prompt_cache_key?.endsWith('-sub-explore'));
    assert.equal(parent.length, 2);
    assert.equal(children.length, 4);
    assert.equal(new Set(children.map((r) => r.prompt_cache_key)).size, 1, 'one key for the kind');
    const answers = parent[1]!.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    assert.deepEqual(answers.map((a) => a.slice(0, 14)).sort(), ['REPORT-FORMAT:', 'REPORT-REORDER'].sort());
    for (const r of parent) assert.doesNotMatch(JSON.stringify(r.messages), /Intl\.NumberFormat\(|def needs_reorder/, 'nothing the children read');
    await shots('subagents-light');

    // The same window, another theme, picked as a person does.
    await switchColorTheme(vscode.workbench, dark);
    await chat().locator('body.vscode-dark').waitFor({ timeout: 30_000 });
    await shots('subagents-dark');
  });
});
