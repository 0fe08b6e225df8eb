// The summary card's words for why a task ended: the token limit names the setting and both figures, in
// English and in the Chinese bundle the host writes into the page; the view's schema takes the figures.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AgentSummaryViewSchema } from '../../../src/shared/viewShapes';
import * as l10n from '../../../src/shared/l10n';
import { stopLines } from '../../../src/webview/components/agentSummaryCard';

const CHINESE = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../l10n/bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

describe('agent summary: why the task stopped', () => {
  afterEach(() => l10n.useBundle({}));

  it('names the token limit, its setting, what the task spent and the limit, grouped by thousands', () => {
    assert.deepEqual(stopLines({ stopReason: 'token_limit', tokenLimit: { spent: 2_003_112, limit: 2_000_000 } }), {
      title: 'Task stopped at the token limit (svc.agent.maxTaskTokens)',
      detail: 'Stopped after 2,003,112 tokens; the limit is svc.agent.maxTaskTokens = 2,000,000',
    });
    assert.deepEqual(stopLines({ stopReason: 'step_limit' }), { title: 'Task stopped at the step limit (svc.agent.maxSteps)' });
  });

  it('says it in Chinese with the Chinese bundle, the setting and the figures as written', () => {
    l10n.useBundle(CHINESE);
    assert.deepEqual(stopLines({ stopReason: 'token_limit', tokenLimit: { spent: 2_003_112, limit: 2_000_000 } }), {
      title: '任务在 token 上限处停止（svc.agent.maxTaskTokens）',
      detail: '已消耗 2,003,112 个 token 后停止；上限为 svc.agent.maxTaskTokens = 2,000,000',
    });
  });

  it('takes a summary stopped at the token limit with whole figures, and refuses others', () => {
    const summary = { taskId: 't1', stopReason: 'token_limit', steps: 3, toolCalls: {}, filesChanged: [], usage: { promptTokens: 2_000_000, completionTokens: 3_112, cachedTokens: 0 }, durationMs: 10 };
    assert.ok(AgentSummaryViewSchema.safeParse({ ...summary, tokenLimit: { spent: 2_003_112, limit: 2_000_000 } }).success);
    assert.ok(!AgentSummaryViewSchema.safeParse({ ...summary, tokenLimit: { spent: -1, limit: 2_000_000 } }).success);
    assert.ok(!AgentSummaryViewSchema.safeParse({ ...summary, stopReason: 'money_limit' }).success);
  });
});
