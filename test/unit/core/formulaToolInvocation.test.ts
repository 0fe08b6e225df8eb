import assert from 'node:assert/strict';
import type { Fiber, FiberCall, ToolDefinition } from '../../../src/api/index';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { invokeFormulaTool, previewInvocation } from '../../../src/core/languageModels/formulaToolInvocation';
import { FormulaToolCatalog, type FormulaService } from '../../../src/core/tools/formulaTools';

const quickjs: ToolDefinition = {
  type: 'function',
  function: { name: 'quickjs', description: 'Run JavaScript', parameters: { type: 'object', properties: { code: { type: 'string', description: 'code' } }, required: ['code'] } },
};
const webSearch: ToolDefinition = {
  type: 'function',
  function: { name: 'web_search', description: 'Search', parameters: { type: 'object', properties: { query: { type: 'string', description: 'q' } }, required: ['query'] } },
};

class Service implements FormulaService {
  readonly calls: { uri: string; call: FiberCall }[] = [];
  constructor(private readonly answer: (call: FiberCall) => Fiber | Error) {}
  async tools(uri: string): Promise<ToolDefinition[]> {
    return uri.startsWith('svc/web-search') ? [webSearch] : [quickjs];
  }
  async call(uri: string, call: FiberCall): Promise<Fiber> {
    this.calls.push({ uri, call });
    const answer = this.answer(call);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const fiber = (status: string, context: Fiber['context']): Fiber => ({ id: 'f1', object: 'fiber', created_at: 1, status, context });

function deps(service: Service, enabled = ['quickjs', 'web-search']) {
  return { service, catalog: new FormulaToolCatalog(service), enabled };
}

describe('formulas as VS Code tools', () => {
  it('runs the fiber with the caller\'s arguments and returns its output, a protected one unchanged', async () => {
    const encrypted = '----SVC ENCRYPTED BEGIN----abc----SVC ENCRYPTED END----';
    const service = new Service((call) => (call.name === 'quickjs' ? fiber('succeeded', { output: '4' }) : fiber('succeeded', { encrypted_output: encrypted })));
    assert.deepEqual(await invokeFormulaTool('svc_quickjs', { code: '2+2' }, deps(service)), { ok: true, text: '4' });
    assert.deepEqual(service.calls[0], { uri: 'svc/quickjs:latest', call: { name: 'quickjs', arguments: '{"code":"2+2"}' } });
    assert.deepEqual(await invokeFormulaTool('svc_web_search', { query: 'svc' }, deps(service)), { ok: true, text: encrypted });
  });

  it('answers bad arguments, a switched-off formula, an unknown tool and a failed fiber with an error result, never a throw', async () => {
    const service = new Service(() => fiber('failed', { error: 'ReferenceError: x is not defined' }));
    const missing = await invokeFormulaTool('svc_quickjs', { program: 'x' }, deps(service));
    assert.equal(missing.ok, false);
    assert.match(missing.text, /^Error: Invalid arguments for quickjs: .*code/);
    assert.equal(service.calls.length, 0, 'nothing is sent for bad arguments');
    assert.match((await invokeFormulaTool('svc_quickjs', { code: 'x' }, deps(service, ['fetch']))).text, /switched off; .*svc\.agent\.formulas/);
    assert.match((await invokeFormulaTool('svc_nothing', {}, deps(service))).text, /not an svc tool/);
    assert.deepEqual(await invokeFormulaTool('svc_quickjs', { code: 'x' }, deps(service)), { ok: false, text: 'Error: ReferenceError: x is not defined' });
    const down = new Service(() => new Error('connect ECONNREFUSED'));
    assert.match((await invokeFormulaTool('svc_quickjs', { code: '1' }, deps(down))).text, /^Error: svc_quickjs failed: connect ECONNREFUSED/);
  });

  it('shows what will run or leave, and confirms local code, fetches and charged searches', () => {
    const js = previewInvocation('svc_quickjs', { code: 'console.log(1)' }, true);
    assert.deepEqual(js.code, { text: 'console.log(1)', language: 'js' });
    assert.equal(js.confirmation, undefined);
    const local = previewInvocation('svc_code_runner', { code: 'import os' }, true);
    assert.equal(local.confirmation?.detail, 'import os');
    assert.match(local.confirmation?.title ?? '', /on this computer/);
    assert.equal(previewInvocation('svc_code_runner', { code: 'import os' }, false).confirmation, undefined);
    assert.equal(previewInvocation('svc_fetch', { url: 'https://example.com/x?secret=1' }, false).confirmation?.detail, 'https://example.com/x?secret=1');
    assert.match(previewInvocation('svc_web_search', { query: 'q' }, false).confirmation?.title ?? '', /costs money/);
  });

  describe('in the display language', () => {
    beforeEach(() => useTranslator((message, args) => `‹${englishText(message, args)}›`));
    afterEach(() => useTranslator(englishText));

    it("what VS Code's chat shows is translated; the code, the address and the caller's result are not", async () => {
      const local = previewInvocation('svc_code_runner', { code: 'import os' }, true);
      assert.deepEqual(local, {
        invocationMessage: '‹Running Python on this computer (the local emulator has no sandbox)›',
        confirmation: { title: '‹Run this Python program on this computer?›', lead: '‹It runs with your files, network and rights:›', detail: 'import os', language: 'python' },
      });
      const fetch = previewInvocation('svc_fetch', { url: 'https://example.com/a' }, false);
      assert.equal(fetch.invocationMessage, '‹Fetching https://example.com/a›');
      assert.deepEqual([fetch.confirmation?.title, fetch.confirmation?.detail], ['‹Fetch this address?›', 'https://example.com/a']);
      const search = previewInvocation('svc_web_search', { query: 'q' }, false);
      assert.deepEqual([search.invocationMessage, search.confirmation?.title, search.confirmation?.lead], [
        '‹Searching the web (charged)›',
        '‹Run svc_web_search? It costs money per call.›',
        '‹svc/web-search:latest is charged to your svc balance for each call. Arguments:›',
      ]);
      assert.equal(previewInvocation('svc_quickjs', { code: '1' }, false).invocationMessage, "‹Running JavaScript in the service's sandbox›");
      const service = new Service(() => fiber('failed', { error: 'boom' }));
      assert.deepEqual(await invokeFormulaTool('svc_nothing', {}, deps(service)), { ok: false, text: 'Error: svc_nothing is not an svc tool.' });
    });
  });
});
