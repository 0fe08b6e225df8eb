import assert from 'node:assert/strict';
import { createAgentToolset } from '../../../src/core/agent/agentToolset';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { DEFAULT_FORMULAS, FormulaTool, FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { FormulaToolsError } from '../../../src/core/tools/toolErrors';
import { startAgentBed } from './agentScenarios';
import { perTest } from '../../support/suiteHooks';
import { ScriptedApprover } from '../../support/testWorkspaceHost';

describe('core/tools formula tools through the emulator', function () {
  this.timeout(30_000);
  const bed = perTest(() => startAgentBed());
  let catalog: FormulaToolCatalog;
  const approvals = () => new TaskApprovals(new ScriptedApprover(() => 'approve'));

  beforeEach(() => {
    catalog = new FormulaToolCatalog(bed.client.formulas);
  });

  it('offers code_runner, quickjs and fetch by default, each routed to its formula URI', async () => {
    const { registry } = await createAgentToolset({ catalog, approver: new ScriptedApprover(() => 'approve') });
    assert.deepEqual(DEFAULT_FORMULAS, ['code_runner', 'quickjs', 'fetch']);
    assert.deepEqual(registry.names(), ['code_runner', 'quickjs', 'fetch']);
    assert.deepEqual(registry.names().map((n) => registry.get(n)?.origin), DEFAULT_FORMULAS.map((formula) => ({ kind: 'formula', formula })));
    const uris = (await catalog.tools(DEFAULT_FORMULAS, approvals())).map((tool) => (tool as FormulaTool).uri);
    assert.deepEqual(uris, ['svc/code_runner:latest', 'svc/quickjs:latest', 'svc/fetch:latest']);
  });

  it('maps a function name that differs from its formula (web_search → svc/web-search:latest)', async () => {
    const [tool] = await catalog.tools(['web-search'], approvals());
    assert.equal(tool?.definition.function.name, 'web_search');
    assert.equal(tool?.uri, 'svc/web-search:latest');
    assert.deepEqual(tool?.origin, { kind: 'formula', formula: 'web-search' });
  });

  it("sends the model's arguments string unchanged to the fiber", async () => {
    const [tool] = await catalog.tools(['quickjs'], approvals());
    assert.ok(tool);
    const raw = '{ "code" :\n  "[1,2,3].map(x => x * 2).join(\\"-\\")"  }';
    const result = await tool.run(parseToolArguments(tool.definition, raw), new AbortController().signal);
    assert.deepEqual(result, { status: 'done', content: '2-4-6' });
    const fiber = bed.exchanges().find((e) => e.path.endsWith('/fibers'));
    assert.deepEqual(fiber?.request, { name: 'quickjs', arguments: raw });
  });

  it('turns a non-succeeded fiber into a failed result with its error text', async () => {
    const [tool] = await catalog.tools(['code_runner'], approvals());
    assert.ok(tool);
    const result = await tool.run(parseToolArguments(tool.definition, '{"code":"import sys\\nsys.exit(3)"}'), new AbortController().signal);
    assert.equal(result.status, 'failed');
    assert.match(result.content, /exited with status 3/);
  });

  it('refuses a formula name that is not official, naming the allowed ones', async () => {
    await assert.rejects(catalog.tools(['shell'], approvals()), (err: unknown) => err instanceof FormulaToolsError && /Unknown formula "shell"; official formulas are convert, web-search/.test(err.message));
  });
});
