// Output sanitising in the REAL webview bundle (dist/webview.js from `npm run build`), in headless
// Chromium, on the webview helper's test page WITHOUT a CSP (so only the sanitiser stands between a
// payload and execution) with its fake host. Every XSS vector goes into model content, reasoning, tool
// calls and tool results, file names and titles, and error messages. Zero executions (probe global,
// dialogs), zero remote requests (every non-local request is intercepted and counted), no page errors,
// no navigation, and no dangerous link handed to the host. Fuzzed host messages are dropped without
// breaking the page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { ConversationView, HostMessage, MessageView } from '../../src/shared/protocol';
import { seededRandom, seedFromEnv } from '../faults/seededRandom';
import { CONVERSATION_ID, ChatPage, content, conversation, finished, initMessage, reasoning, started } from '../webview/chatPage';
import { buildBundles, startPageServer, type PageServer } from '../webview/pageServer';
import { isLocal, XSS_VECTORS } from './xssVectors';
import { chromiumTempDir } from '../harness/toolPaths';

const ROOT = path.resolve(__dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** What the real bundle ships: the page server serves these in place of its own build. */
const SHIPPED = ['webview.js', 'webviewHighlight.js', 'webview.css', 'codicon.ttf'];

interface Watch {
  chat: ChatPage;
  pageErrors: string[];
  dialogs: string[];
}

function pieces(text: string, size: number): string[] {
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
}

describe('security: output sanitising in the real webview bundle', function () {
  this.timeout(120_000);
  let server: PageServer;
  let context: BrowserContext;
  let profile: string;
  let chromiumTmp: string | undefined;
  const remote: string[] = [];

  before(async () => {
    const shipped = path.join(ROOT, 'dist');
    for (const file of SHIPPED) assert.ok(fs.existsSync(path.join(shipped, file)), `dist/${file} exists (npm run build)`);
    assert.ok(fs.existsSync(CHROMIUM), `Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    const outDir = path.join(ROOT, 'test-results', 'security-webview');
    await buildBundles(outDir);
    for (const file of SHIPPED) fs.copyFileSync(path.join(shipped, file), path.join(outDir, file));
    server = await startPageServer(outDir);
    profile = fs.mkdtempSync(path.join(ROOT, 'test-results', 'security-chromium-'));
    chromiumTmp = chromiumTempDir();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      env: { ...process.env, TMPDIR: chromiumTmp } as Record<string, string>,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (isLocal(url, server.origin)) return route.continue();
      remote.push(url);
      return route.abort();
    });
  });

  after(async () => {
    await context?.close();
    await server?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
    if (chromiumTmp) fs.rmSync(chromiumTmp, { recursive: true, force: true });
    console.log(`      ${XSS_VECTORS.length} vectors in each of 5 places; remote requests intercepted: ${remote.length}`);
  });

  async function open(): Promise<Watch> {
    const page = await context.newPage();
    const watch: Watch = { chat: new ChatPage(page), pageErrors: [], dialogs: [] };
    page.on('pageerror', (error) => watch.pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      watch.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await watch.chat.open(server.openUrl, initMessage());
    return watch;
  }

  /** Gives deferred handlers their chance: open every details, focus, hover and click everything. */
  async function provoke(page: Page): Promise<void> {
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
      for (const element of document.querySelectorAll('body *')) {
        for (const type of ['mouseover', 'mouseenter', 'focus', 'dragstart', 'animationstart']) element.dispatchEvent(new Event(type, { bubbles: true }));
      }
      for (const anchor of document.querySelectorAll('a')) anchor.click();
    });
    await page.waitForTimeout(300);
  }

  async function assertNothingRan(watch: Watch, where: string): Promise<void> {
    const page = watch.chat.page;
    await provoke(page);
    assert.deepEqual(await watch.chat.probeHits(), [], `${where}: no vector executed`);
    assert.deepEqual(watch.dialogs, [], `${where}: no dialog opened`);
    assert.deepEqual(remote, [], `${where}: no remote request`);
    assert.deepEqual(watch.pageErrors, [], `${where}: no uncaught error in the page`);
    assert.ok(page.url().endsWith('/open.html'), `${where}: the page never navigated`);
    const dom = await page.evaluate(() => {
      const all = [...document.querySelectorAll('body *')];
      return {
        active: document.querySelectorAll('body script, body iframe, body object, body embed, body svg, body math, body img, body form, body style, body link, body base, body meta').length,
        handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}.${a.name}`)),
        badLinks: all.filter((e) => /^\s*(javascript|data|vbscript):/i.test(e.getAttribute('href') ?? e.getAttribute('xlink:href') ?? '')).length,
      };
    });
    assert.deepEqual(dom, { active: 0, handlers: [], badLinks: 0 }, `${where}: nothing active in the DOM`);
    const opened = (await watch.chat.posted()).filter((m) => m.type === 'openLink').map((m) => String(m.href));
    for (const href of opened) assert.match(href, /^(https?:|mailto:|[^:]*$)/i, `${where}: only safe links go to the host (${href})`);
    await page.close();
  }

  /** The needle sits in the oldest row; the list mounts only rows near the viewport, so go to the top first. */
  async function assertRendered(page: Page, needle: string, where: string): Promise<void> {
    const shown = await page
      .waitForFunction((text) => {
        const list = document.querySelector('main.messages');
        if (list) list.scrollTop = 0;
        return (document.body.textContent ?? '').includes(text);
      }, needle, { polling: 'raf', timeout: 10_000 })
      .then(() => true, () => false);
    assert.ok(shown, `${where}: the hostile text is shown as text (${needle})`);
  }

  it(`model content: ${XSS_VECTORS.length} vectors streamed in small pieces, then the saved reply`, async () => {
    const watch = await open();
    const text = XSS_VECTORS.map((v) => v.text).join('\n\n');
    await watch.chat.play([started('a1')]);
    await watch.chat.stream(pieces(text, 7).map((p) => content('a1', p)), 5);
    await watch.chat.play([finished('a1')]);
    const saved: MessageView = {
      id: 'a2', role: 'assistant', model: 'svc-k2.5', selectedChoice: 0, status: 'complete', createdAt: 2,
      choices: [{ index: 0, content: text, reasoning: '', finishReason: 'stop' }],
    };
    await watch.chat.play([{ type: 'conversation', conversation: conversation([saved]) }]);
    await assertRendered(watch.chat.page, "__probe('v0')", 'content');
    await assertNothingRan(watch, 'content');
  });

  it(`reasoning: ${XSS_VECTORS.length} vectors in the Thinking section`, async () => {
    const watch = await open();
    const text = XSS_VECTORS.map((v) => v.text).join('\n\n');
    await watch.chat.play([started('a1')]);
    await watch.chat.stream(pieces(text, 11).map((p) => reasoning('a1', p)), 5);
    await watch.chat.play([content('a1', 'Answer.'), finished('a1')]);
    await assertRendered(watch.chat.page, "__probe('v0')", 'reasoning');
    await assertNothingRan(watch, 'reasoning');
  });

  it(`tool calls and tool results: ${XSS_VECTORS.length} vectors as tool names, arguments (file paths) and results`, async () => {
    const watch = await open();
    const messages: MessageView[] = [];
    XSS_VECTORS.forEach((v, i) => {
      messages.push({
        id: `a${i}`, role: 'assistant', model: 'svc-k2.5', selectedChoice: 0, status: 'complete', createdAt: i,
        choices: [{ index: 0, content: '', reasoning: v.text, finishReason: 'tool_calls', toolCalls: [{ id: `call_${i}`, name: v.text, arguments: JSON.stringify({ path: v.text, content: v.text }) }] }],
      });
      messages.push({ id: `t${i}`, role: 'tool', toolCallId: `call_${i}`, name: v.text, content: `Result for ${v.text}:\n\n${v.text}`, createdAt: i });
    });
    await watch.chat.play([{ type: 'conversation', conversation: conversation(messages) }]);
    const streamed: HostMessage[] = [started('s1')];
    XSS_VECTORS.forEach((v, i) => {
      streamed.push({ type: 'toolCallDelta', conversationId: CONVERSATION_ID, messageId: 's1', choiceIndex: 0, index: i, id: `s_${i}`, name: v.text, argumentsDelta: JSON.stringify({ path: v.text }) });
    });
    await watch.chat.play([...streamed, finished('s1')]);
    await assertRendered(watch.chat.page, "__probe('v0')", 'tools');
    await assertNothingRan(watch, 'tools');
  });

  it(`file names and titles: ${XSS_VECTORS.length} vectors as conversation titles, notices about files, and composer text`, async () => {
    const watch = await open();
    const conversations = XSS_VECTORS.map((v, i) => ({ id: `c${i + 2}`, title: `${v.text}.png`, updatedAt: i + 1, messageCount: 1 }));
    const view: ConversationView = { ...conversation(), title: XSS_VECTORS[0]?.text ?? '' };
    await watch.chat.play([
      { ...initMessage(), conversations: [{ id: CONVERSATION_ID, title: view.title, updatedAt: 1, messageCount: 0 }, ...conversations], active: view },
      { type: 'connection', connection: { mode: 'emulator', baseUrl: 'http://127.0.0.1:9/v1', detail: XSS_VECTORS[1]?.text ?? '' } },
      ...XSS_VECTORS.map((v): HostMessage => ({ type: 'notice', level: 'info', message: `Uploaded ${v.text}.pdf` })),
      ...XSS_VECTORS.slice(0, 10).map((v): HostMessage => ({ type: 'insertIntoComposer', text: v.text })),
    ]);
    await assertRendered(watch.chat.page, "__probe('v0')", 'titles');
    await assertNothingRan(watch, 'file names');
  });

  it(`error messages: ${XSS_VECTORS.length} vectors as the message, type and field of failed replies and as error notices`, async () => {
    const watch = await open();
    const messages: HostMessage[] = [];
    XSS_VECTORS.forEach((v, i) => {
      messages.push(started(`e${i}`));
      if (i % 2 === 1) messages.push(content(`e${i}`, 'partial'));
      messages.push({
        type: 'replyFailed', conversationId: CONVERSATION_ID, messageId: `e${i}`, status: i % 2 === 1 ? 'interrupted' : 'failed',
        error: { kind: i % 3 === 0 ? 'invalidRequest' : 'server', message: v.text, type: v.text, field: v.text, status: 500, action: i % 3 === 0 ? 'fixRequest' : 'retry' },
      });
      messages.push({ type: 'notice', level: 'error', message: v.text });
      messages.push({ type: 'exportResult', requestId: `r${i}`, ok: false, message: v.text });
    });
    await watch.chat.play(messages);
    await assertRendered(watch.chat.page, "__probe('v0')", 'errors');
    await assertNothingRan(watch, 'errors');
  });

  it('fuzzed host messages (seeded random and mutated) are dropped without breaking the page', async () => {
    const random = seededRandom(seedFromEnv('FUZZ_SEED', 8080));
    const watch = await open();
    const values: unknown[] = [];
    const valid: HostMessage[] = [started('f1'), content('f1', 'x'), finished('f1'), { type: 'notice', level: 'info', message: 'x' }];
    const junk = [null, 0, -1, 1e308, '', 'x', '<script>__probe("fuzz")</script>', [], {}, { type: 'init' }, { type: 'replyFailed', error: null }, true, { type: '__proto__' }];
    for (let i = 0; i < 600; i++) {
      const base = { ...(random.pick(valid) as Record<string, unknown>) };
      const key = random.pick(Object.keys(base));
      if (random.chance(0.3)) delete base[key];
      else base[key] = random.pick(junk);
      values.push(random.chance(0.3) ? random.pick(junk) : base);
    }
    await watch.chat.page.evaluate((list) => {
      for (const value of list) window.postMessage(value, '*');
    }, values);
    await watch.chat.frames(3);
    assert.deepEqual(watch.pageErrors, [], 'no uncaught error from fuzzed messages');
    await watch.chat.play([started('ok1'), content('ok1', 'still **working**'), finished('ok1')]);
    assert.match(await watch.chat.lastAssistant().locator('[data-testid="message-content"]').innerHTML(), /still <strong>working<\/strong>/, 'the page still renders replies');
    console.log(`      ${values.length} fuzzed host messages (seed ${random.seed}) posted into the page`);
    await assertNothingRan(watch, 'fuzz');
  });
});
