// Export of a conversation as a Markdown document a person can read or share, its headings and notes
// in the editor's language (what the conversation holds stays as it was written).
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { Plan } from '../agent/plan';
import * as l10n from '../l10n';
import { selectedAlternative, type AssistantEntry, type Conversation, type TimeTotals, type UsageTotals } from './conversation';
import { replySpeed, type ReplySpeed } from './replySpeed';
import { fenceFor } from '../codeFence';

function statusNote(status: AssistantEntry['status']): string | undefined {
  if (status === 'stopped') return `_${l10n.t('(stopped by the user)')}_`;
  if (status === 'interrupted') return `_${l10n.t('(interrupted: the reply did not finish)')}_`;
  return status === 'failed' ? `_${l10n.t('(failed)')}_` : undefined;
}

function planHeading(status: Plan['status']): string {
  if (status === 'approved') return l10n.t('Plan (approved)');
  return status === 'rejected' ? l10n.t('Plan (rejected)') : l10n.t('Plan (proposed)');
}

const TODO_MARK = { pending: '[ ]', in_progress: '[~]', done: '[x]' } as const;

/** A plan-mode plan: its status, steps (with the to-do state once approved), files and commands. */
function planLines(plan: Plan): string[] {
  const steps = plan.steps.map((step, i) => (plan.todo ? `${i + 1}. ${TODO_MARK[plan.todo[i] ?? 'pending']} ${step}` : `${i + 1}. ${step}`));
  return [
    `**${planHeading(plan.status)}**`,
    '',
    ...steps,
    ...(plan.files.length > 0 ? ['', l10n.t('Files: {0}', plan.files.join(', '))] : []),
    ...(plan.commands.length > 0 ? ['', l10n.t('Commands: {0}', plan.commands.join('; '))] : []),
    '',
  ];
}

/** Where a checkpoint was taken, so an exported conversation shows the points it can go back to. */
function checkpointLine(ref: CheckpointRef | undefined): string[] {
  if (!ref) return [];
  const at = new Date(ref.createdAt).toISOString();
  const line = ref.leftOut.length > 0 ? l10n.t('(checkpoint {0}, {1}; not saved: {2})', ref.label, at, ref.leftOut.join(', ')) : l10n.t('(checkpoint {0}, {1})', ref.label, at);
  return [`_${line}_`, ''];
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function usageLine(usage: UsageTotals): string {
  return l10n.t('prompt {0}, completion {1}, cached {2} tokens', usage.promptTokens, usage.completionTokens, usage.cachedTokens);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The document's first line: when, what it cost, and how long its timed replies took. */
function exportedLine(conversation: Conversation): string {
  const at = new Date(conversation.updatedAt).toISOString();
  const usage = usageLine(conversation.usageTotals);
  const time: TimeTotals | undefined = conversation.timeTotals;
  if (!time) return l10n.t('Exported {0}; {1}.', at, usage);
  const total = seconds(time.waitMs + time.streamMs);
  const wait = seconds(time.waitMs);
  const timed = time.replies === 1 ? l10n.t('1 timed reply, {0} ({1} to first tokens)', total, wait) : l10n.t('{0} timed replies, {1} ({2} to first tokens)', time.replies, total, wait);
  return l10n.t('Exported {0}; {1}; {2}.', at, usage, timed);
}

/** "first token 320 ms, thinking 50 tokens/s, answer 48 tokens/s (estimated split)". */
function speedLine(speed: ReplySpeed): string {
  const parts = [l10n.t('first token {0} ms', Math.round(speed.firstTokenMs))];
  if (speed.reasoning?.perSecond !== undefined) parts.push(l10n.t('thinking {0} tokens/s', Math.round(speed.reasoning.perSecond)));
  if (speed.answer?.perSecond !== undefined) parts.push(l10n.t('answer {0} tokens/s', Math.round(speed.answer.perSecond)));
  if (speed.splitEstimated) parts.push(l10n.t('split between thinking and answer estimated'));
  return `_(${parts.reduce((list, part) => l10n.t('{0}, {1}', list, part))})_`;
}

export function conversationToMarkdown(conversation: Conversation): string {
  const out: string[] = [`# ${conversation.title}`, ''];
  out.push(`_${exportedLine(conversation)}_`, '');
  if (conversation.systemPrompt) out.push(`## ${l10n.t('System')}`, '', conversation.systemPrompt, '');
  for (const entry of conversation.entries) {
    if (entry.role === 'user') {
      out.push(`## ${l10n.t('User')}`, '', ...checkpointLine(entry.checkpoint), entry.content, '');
    } else if (entry.role === 'tool') {
      const fence = fenceFor(entry.content);
      out.push(`## ${entry.name ? l10n.t('Tool result ({0})', entry.name) : l10n.t('Tool result')}`, '', ...checkpointLine(entry.checkpoint), fence, entry.content, fence, '');
    } else {
      const alt = selectedAlternative(entry);
      out.push(`## ${l10n.t('Assistant ({0})', entry.model)}`, '');
      if (entry.plan) out.push(...planLines(entry.plan));
      if (alt.reasoning !== '') {
        out.push(`<details><summary>${l10n.t('Thinking')}</summary>`, '', quote(alt.reasoning), '', '</details>', '');
      }
      if (alt.content !== '') out.push(alt.content, '');
      for (const call of alt.toolCalls ?? []) {
        out.push(l10n.t('Tool call {0}:', `\`${call.function.name}\``), '', '```json', call.function.arguments, '```', '');
      }
      const speed = replySpeed(entry);
      if (speed) out.push(speedLine(speed), '');
      const note = statusNote(entry.status);
      if (note) out.push(note, '');
      if (entry.error) out.push(`> **${l10n.t('Error:')}** ${entry.error.message}`, '');
      if (entry.alternatives.length > 1) {
        out.push(`_${l10n.t('(alternative {0} of {1})', entry.selected + 1, entry.alternatives.length)}_`, '');
      }
    }
    if (conversation.compaction?.upTo === entry.id) {
      out.push('---', '', `_${l10n.t('From here on, the messages above were sent to the model as this summary (/compact):')}_`, '', quote(conversation.compaction.summary), '', '---', '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
