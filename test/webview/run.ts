// Browser tests of the chat webview: builds the bundle, serves it with a fake host on 127.0.0.1,
// and drives Debian's Chromium (headless) with playwright-core. Prints "N passed, M failed" last.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumPath, chromiumTempDir, MissingToolError, resultsDir } from '../harness/toolPaths';
import { actionCases } from './actions.cases';
import { agentCases } from './agent.cases';
import { agentTaskCases } from './agentTask.cases';
import { narrowApprovalCases } from './narrowApproval.cases';
import { attachmentCases } from './attachments.cases';
import { ChatPage } from './chatPage';
import { chromeCases } from './chrome.cases';
import { composerCases } from './composer.cases';
import { customCommandCases } from './customCommands.cases';
import { customAgentCases } from './customAgents.cases';
import { composerErrorCases } from './composerErrors.cases';
import { highlightingCases } from './highlighting.cases';
import { virtualListCases } from './virtualList.cases';
import { virtualListFindCases } from './virtualListFind.cases';
import { virtualListFlingCases } from './virtualListFling.cases';
import { longReplyCases } from './longReply.cases';
import { messageCases } from './messages.cases';
import { buildBundles, startPageServer } from './pageServer';
import { replySpeedCases } from './replySpeed.cases';
import { sanitizingCases } from './sanitizing.cases';
import { sessionCases } from './sessions.cases';
import { streamingCases } from './streaming.cases';
import { subagentCardCases } from './subagentCards.cases';
import { toolCardCases } from './toolCards.cases';
import { toolKindCases } from './toolKinds.cases';
import type { WebviewCase } from './webviewCase';
import { walkCases } from './walk.cases';

const ALL_CASES: WebviewCase[] = [...streamingCases, ...highlightingCases, ...sanitizingCases, ...actionCases, ...composerCases, ...customCommandCases, ...customAgentCases, ...composerErrorCases, ...attachmentCases, ...longReplyCases, ...virtualListCases, ...virtualListFindCases, ...virtualListFlingCases, ...agentCases, ...agentTaskCases, ...narrowApprovalCases, ...toolCardCases, ...toolKindCases, ...subagentCardCases, ...replySpeedCases, ...messageCases, ...chromeCases, ...walkCases, ...sessionCases];
/** `npm run test:webview -- word…` runs only the cases whose name contains one of the words. */
const only = process.argv.slice(2);
const CASES = only.length === 0 ? ALL_CASES : ALL_CASES.filter((c) => only.some((word) => c.name.includes(word)));

async function runCase(context: BrowserContext, url: string, testCase: WebviewCase, report: (line: string) => void): Promise<void> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  try {
    await new ChatPage(page).open(url).then(() => testCase.run(new ChatPage(page), report));
    if (pageErrors.length > 0) throw new Error(`uncaught errors in the page: ${pageErrors.join('; ')}`);
    if (cspViolations.length > 0) throw new Error(`CSP violations: ${cspViolations.join('; ')}`);
  } finally {
    await page.close();
  }
}

async function main(): Promise<number> {
  const executablePath = chromiumPath();
  fs.mkdirSync(resultsDir, { recursive: true });
  const outDir = path.join(resultsDir, 'webview-bundle');
  const profile = fs.mkdtempSync(path.join(resultsDir, 'webview-chromium-'));
  await buildBundles(outDir);
  const server = await startPageServer(outDir);
  const tmp = chromiumTempDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    env: { ...process.env, TMPDIR: tmp } as Record<string, string>,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let passed = 0;
  let failed = 0;
  try {
    for (const testCase of CASES) {
      const started = Date.now();
      const notes: string[] = [];
      try {
        await runCase(context, testCase.page === 'strict' ? server.strictUrl : server.openUrl, testCase, (line) => notes.push(line));
        passed += 1;
        console.log(`  ✔ ${testCase.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`  ✘ ${testCase.name}`);
        console.log(`      ${(error instanceof Error ? error.stack ?? error.message : String(error)).split('\n').join('\n      ')}`);
      }
      for (const note of notes) console.log(`      ${note}`);
    }
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof MissingToolError) console.error(`missing tool: ${error.message}`);
    else console.error(error);
    console.log(`0 passed, ${CASES.length} failed`);
    process.exit(1);
  },
);
