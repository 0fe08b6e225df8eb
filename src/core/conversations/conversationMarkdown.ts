// Export of a conversation as a Markdown document a person can read or share.
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { Plan } from '../agent/plan';
import { selectedAlternative, type Conversation, type TimeTotals, type UsageTotals } from './conversation';
import { replySpeed, type ReplySpeed } from './replySpeed';
import { fenceFor } from '../codeFence';

const STATUS_NOTE: Record<string, string> = {
  stopped: '_(stopped by the user)_',
  interrupted: '_(interrupted: the reply did not finish)_',
  failed: '_(failed)_',
};

const TODO_MARK = { pending: '[ ]', in_progress: '[~]', done: '[x]' } as const;

/** A plan-mode plan: its status, steps (with the to-do state once approved), files and commands. */
function planLines(plan: Plan): string[] {
  const steps = plan.steps.map((step, i) => (plan.todo ? `${i + 1}. ${TODO_MARK[plan.todo[i] ?? 'pending']} ${step}` : `${i + 1}. ${step}`));
  return [
    `**Plan (${plan.status})**`,
    '',
    ...steps,
    ...(plan.files.length > 0 ? ['', `Files: ${plan.files.join(', ')}`] : []),
    ...(plan.commands.length > 0 ? ['', `Commands: ${plan.commands.join('; ')}`] : []),
    '',
  ];
}

/** Where a checkpoint was taken, so an exported conversation shows the points it can go back to. */
function checkpointLine(ref: CheckpointRef | undefined): string[] {
  if (!ref) return [];
  const left = ref.leftOut.length > 0 ? `; not saved: ${ref.leftOut.join(', ')}` : '';
  return [`_(checkpoint ${ref.label}, ${new Date(ref.createdAt).toISOString()}${left})_`, ''];
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function usageLine(usage: UsageTotals): string {
  return `prompt ${usage.promptTokens}, completion ${usage.completionTokens}, cached ${usage.cachedTokens} tokens`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function timeLine(time: TimeTotals | undefined): string {
  return time ? `; ${time.replies} timed ${time.replies === 1 ? 'reply' : 'replies'}, ${seconds(time.waitMs + time.streamMs)} (${seconds(time.waitMs)} to first tokens)` : '';
}

/** "first token 320 ms, thinking 50 tokens/s, answer 48 tokens/s (estimated split)". */
function speedLine(speed: ReplySpeed): string {
  const parts = [`first token ${Math.round(speed.firstTokenMs)} ms`];
  if (speed.reasoning?.perSecond !== undefined) parts.push(`thinking ${Math.round(speed.reasoning.perSecond)} tokens/s`);
  if (speed.answer?.perSecond !== undefined) parts.push(`answer ${Math.round(speed.answer.perSecond)} tokens/s`);
  return `_(${parts.join(', ')}${speed.splitEstimated ? ', split between thinking and answer estimated' : ''})_`;
}

export function conversationToMarkdown(conversation: Conversation): string {
  const out: string[] = [`# ${conversation.title}`, ''];
  out.push(`_Exported ${new Date(conversation.updatedAt).toISOString()}; ${usageLine(conversation.usageTotals)}${timeLine(conversation.timeTotals)}._`, '');
  if (conversation.systemPrompt) out.push('## System', '', conversation.systemPrompt, '');
  for (const entry of conversation.entries) {
    if (entry.role === 'user') {
      out.push('## User', '', ...checkpointLine(entry.checkpoint), entry.content, '');
    } else if (entry.role === 'tool') {
      const fence = fenceFor(entry.content);
      out.push(`## Tool result${entry.name ? ` (${entry.name})` : ''}`, '', ...checkpointLine(entry.checkpoint), fence, entry.content, fence, '');
    } else {
      const alt = selectedAlternative(entry);
      out.push(`## Assistant (${entry.model})`, '');
      if (entry.plan) out.push(...planLines(entry.plan));
      if (alt.reasoning !== '') {
        out.push('<details><summary>Thinking</summary>', '', quote(alt.reasoning), '', '</details>', '');
      }
      if (alt.content !== '') out.push(alt.content, '');
      for (const call of alt.toolCalls ?? []) {
        out.push(`Tool call \`${call.function.name}\`:`, '', '```json', call.function.arguments, '```', '');
      }
      const speed = replySpeed(entry);
      if (speed) out.push(speedLine(speed), '');
      const note = STATUS_NOTE[entry.status];
      if (note) out.push(note, '');
      if (entry.error) out.push(`> **Error:** ${entry.error.message}`, '');
      if (entry.alternatives.length > 1) {
        out.push(`_(alternative ${entry.selected + 1} of ${entry.alternatives.length})_`, '');
      }
    }
    if (conversation.compaction?.upTo === entry.id) {
      out.push('---', '', '_From here on, the messages above were sent to the model as this summary (/compact):_', '', quote(conversation.compaction.summary), '', '---', '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
