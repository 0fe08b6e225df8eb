// Model output is untrusted: nothing in it may run. These cases use the page WITHOUT a CSP, so that a
// payload that slipped past the sanitiser would really execute and call window.__probe.
import assert from 'node:assert/strict';
import { content, finished, reasoning, started } from './chatPage';
import type { WebviewCase } from './webviewCase';

const PAYLOADS = [
  '<script>__probe("script")</script>',
  '<img src=x onerror="__probe(\'img-onerror\')">',
  '<svg onload="__probe(\'svg-onload\')"><circle r=1 /></svg>',
  '<svg><animate onbegin="__probe(\'svg-animate\')" attributeName=x dur=1s></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="__probe(\'mathml-mxss\')">',
  '<math href="javascript:__probe(\'mathml-href\')">click</math>',
  '<iframe srcdoc="<script>parent.__probe(\'iframe\')</script>"></iframe>',
  '<details open ontoggle="__probe(\'details-ontoggle\')">x</details>',
  '<a href="javascript:__probe(\'html-a\')">html link</a>',
  '[md link](javascript:__probe("md-link"))',
  '[encoded](&#106;avascript:__probe("entity-link"))',
  '[mixed case](JaVaScRiPt:__probe("case-link"))',
  '<javascript:__probe("autolink")>',
  '[data url](data:text/html,<script>__probe("data-url")</script>)',
  '![image](javascript:__probe("md-image"))',
  '![remote](https://example.invalid/x.png" onerror="__probe(\'img-attr\'))',
  '<form><button formaction="javascript:__probe(\'formaction\')">go</button></form>',
  '<div style="background:url(javascript:__probe(\'style\'))">styled</div>',
];

const CODE_WITH_HOSTILE_LANGUAGE = '```js"><img src=x onerror=__probe("fence-lang")>\nalert(1)\n```\n';

export const sanitizingCases: WebviewCase[] = [
  {
    name: 'scripts, event handlers, javascript: links and SVG/MathML vectors in model output do not execute',
    page: 'open',
    async run(chat) {
      const text = PAYLOADS.join('\n\n') + '\n\n' + CODE_WITH_HOSTILE_LANGUAGE;
      // Streamed in small pieces (every tail render is sanitised too), and in the reasoning as well.
      const pieces = text.match(/[\s\S]{1,7}/g) ?? [];
      await chat.play([started('a1'), reasoning('a1', PAYLOADS.join('\n\n'))]);
      await chat.stream(pieces.map((p) => content('a1', p)), 3);
      await chat.frames(3);
      await chat.play([finished('a1')]);
      // Give any deferred handler (onerror, onload, ontoggle, animations) the chance to fire.
      await chat.page.waitForTimeout(500);
      // Every link, including those in the folded Thinking section, gets a real click event.
      await chat.lastAssistant().evaluate((root) => root.querySelectorAll('a').forEach((a) => a.click()));
      await chat.page.waitForTimeout(200);
      assert.deepEqual(await chat.probeHits(), [], 'no payload ran');
      const dom = await chat.lastAssistant().evaluate((root) => {
        const all = [...root.querySelectorAll('*')];
        return {
          scripts: root.querySelectorAll('script, iframe, svg, math, img, form, style').length,
          handlers: all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${e.tagName}.${a.name}`)),
          jsLinks: all.filter((e) => /^\s*(javascript|data|vbscript):/i.test(e.getAttribute('href') ?? '')).length,
          styles: all.filter((e) => e.hasAttribute('style')).length,
        };
      });
      assert.deepEqual(dom, { scripts: 0, handlers: [], jsLinks: 0, styles: 0 });
      assert.equal(chat.page.url().endsWith('/open.html'), true, 'the webview never navigated');
      // Raw HTML is shown as text, so the user still sees what the model wrote.
      assert.match(await chat.lastAssistant().locator('[data-testid="message-content"]').textContent() ?? '', /<script>__probe\("script"\)<\/script>/);
    },
  },
  {
    name: 'links open through the host (openLink), never in the webview',
    page: 'strict',
    async run(chat) {
      await chat.play([started('a1'), content('a1', 'See [the docs](https://example.invalid/docs) and https://example.invalid/auto.'), finished('a1')]);
      const links = chat.lastAssistant().locator('.markdown a');
      assert.equal(await links.count(), 2);
      await links.nth(0).click();
      await links.nth(1).click();
      await chat.waitForPosted('openLink', 2);
      const opened = (await chat.posted()).filter((m) => m.type === 'openLink').map((m) => m.href);
      assert.deepEqual(opened, ['https://example.invalid/docs', 'https://example.invalid/auto']);
      assert.equal(chat.page.url().endsWith('/strict.html'), true);
    },
  },
];
