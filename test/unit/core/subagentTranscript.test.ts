import assert from 'node:assert/strict';
import { createAgentToolset } from '../../../src/core/agent/agentToolset';
import { SubagentKinds } from '../../../src/core/agent/subagents/subagentKinds';
import { ConversationSchema, type ToolEntry } from '../../../src/core/conversations/conversation';
import type { SubagentRun } from '../../../src/core/conversations/conversationParts';
import { requestSettings } from '../../../src/core/requests/requestSettings';
import { FormulaToolCatalog } from '../../../src/core/tools/formulaTools';
import { tasksWith } from '../../support/agentTaskBed';
import { useSubagentBed, type SubagentBed } from '../../support/subagentBed';
import { ScriptedApprover } from '../../support/testWorkspaceHost';

describe('core/agent subagents in a conversation', function () {
  this.timeout(60_000);
  let s: SubagentBed;
  useSubagentBed((bed) => (s = bed));

  it('shows each child\'s run on the card of its call while it runs, and saves it there with the report as the result', async () => {
    const catalog = new FormulaToolCatalog(s.bed.client.formulas);
    const runs: SubagentRun[] = [];
    const { tasks, store } = await tasksWith([], {
      // Copied as shown: the live entries are the transcript's own objects, which go on changing.
      onEvent: (e) => {
        if (e.type === 'live') for (const entry of e.conversation.entries) if (entry.role === 'tool' && entry.card?.subagent) runs.push(structuredClone(entry.card.subagent));
      },
      client: async () => s.bed.client,
      promptCacheKey: async () => 'svc-ws-transcript',
      subagents: async () => SubagentKinds.withBuiltins(),
      toolset: () => createAgentToolset({ catalog, approver: new ScriptedApprover(() => 'approve'), formulas: [], workspace: s.host }),
    });
    const record = await tasks.run(null, 'survey the shop helpers', { request: requestSettings({ model: 'svc-k2-turbo-preview' }), maxSteps: 10, systemPrompt: '' });
    assert.equal(record?.summary.stopReason, 'stop', record?.summary.error);
    // While it ran: a live conversation showed a child's call running under the parent's card.
    assert.ok(runs.some((r) => r.status === 'running' && r.calls.some((c) => c.status === 'running')), 'a running child call was shown');
    const saved = store.require(record.conversationId);
    ConversationSchema.parse(JSON.parse(JSON.stringify(saved)));
    const cards = saved.entries.filter((e): e is ToolEntry => e.role === 'tool' && e.name === 'run_subagent');
    assert.equal(cards.length, 2);
    for (const entry of cards) {
      assert.equal(entry.card?.display?.kind, 'subagent');
      assert.equal(entry.card?.subagent?.status, 'done');
      assert.equal(entry.card?.subagent?.calls[0]?.name, 'read_file');
      assert.equal(entry.card?.subagent?.calls[0]?.display?.kind, 'read');
      assert.ok((entry.card?.subagent?.calls[0]?.result ?? '').length > 0, 'the child\'s read is kept on the card to be read');
      assert.match(entry.content, /^REPORT-(FORMAT|REORDER): /, 'the result the parent read is the report alone');
    }
    assert.deepEqual(tasks.toolsOf(record.conversationId, 'svc-k2-turbo-preview').map((t) => t.function.name).at(-1), 'run_subagent', 'Ask requests carry the same list, subagent tool included');
  });

  it('stops the task at the token limit its settings give, shared with its children, and saves the figures with the summary', async () => {
    const catalog = new FormulaToolCatalog(s.bed.client.formulas);
    const { tasks, store } = await tasksWith([], {
      client: async () => s.bed.client,
      promptCacheKey: async () => 'svc-ws-transcript',
      subagents: async () => SubagentKinds.withBuiltins(),
      toolset: () => createAgentToolset({ catalog, approver: new ScriptedApprover(() => 'approve'), formulas: [], workspace: s.host }),
    });
    // One token: the parent's first step spends it, so neither child may take a step.
    const record = await tasks.run(null, 'survey the shop helpers', { request: requestSettings({ model: 'svc-k2-turbo-preview' }), maxSteps: 10, maxTaskTokens: 1, systemPrompt: '' });
    assert.equal(record?.summary.stopReason, 'token_limit', record?.summary.error);
    assert.equal(s.chatRequests().length, 1, 'the parent\'s first step, then nothing');
    const spent = record.summary.usage.promptTokens + record.summary.usage.completionTokens;
    assert.ok(spent > 1);
    const saved = ConversationSchema.parse(JSON.parse(JSON.stringify(store.require(record.conversationId))));
    const last = saved.entries.filter((e) => e.role === 'assistant').at(-1);
    assert.deepEqual(last?.role === 'assistant' ? last.agentSummary?.tokenLimit : undefined, { spent, limit: 1 });
    const cards = saved.entries.filter((e): e is ToolEntry => e.role === 'tool' && e.name === 'run_subagent');
    assert.deepEqual(cards.map((c) => [c.card?.subagent?.status, c.card?.subagent?.steps]), [['failed', 0], ['failed', 0]]);
  });
});
