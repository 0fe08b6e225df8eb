// The assistant entry of a reply as it streams: its alternatives (one per `n`), what it keeps of the
// accumulated stream when it ends, and its reasoning-token figure.
import type { ChatStreamAccumulator, MessageContent } from '../../api/index';
import type { Alternative, AssistantEntry, UsageTotals } from '../conversations/conversation';
import { addUsage, usageFromWire } from '../conversations/usageTotals';
import { localTokenCounter } from '../tokens/localTokenCounter';

/** The abort reason when the host shuts down: the reply is interrupted, not stopped by the user (the reply's error says so in the user's language). */
export class ShutdownSignal extends Error {
  constructor() {
    super('The editor closed while the reply was streaming');
    this.name = 'ShutdownSignal';
  }
}

/** An edit replaces the text; image parts of the message stay, the old text parts go. */
export function editedContent(sent: MessageContent | undefined, text: string): MessageContent | undefined {
  if (!Array.isArray(sent)) return undefined;
  const media = sent.filter((part) => part.type !== 'text');
  return media.length === 0 ? undefined : [{ type: 'text', text }, ...media];
}

export function emptyAlternative(): Alternative {
  return { content: '', reasoning: '', finishReason: null };
}

export function alternativeAt(entry: AssistantEntry, index: number): Alternative {
  while (entry.alternatives.length <= index) entry.alternatives.push(emptyAlternative());
  return entry.alternatives[index] as Alternative;
}

/** The service's figure when it gave one (n = 1 only: usage is per request), else a local count. */
export async function reasoningTokens(entry: AssistantEntry): Promise<number> {
  if (entry.usage && entry.usage.reasoningTokens > 0 && entry.alternatives.length === 1) return entry.usage.reasoningTokens;
  const reasoning = entry.alternatives[entry.selected]?.reasoning ?? '';
  return reasoning === '' ? 0 : (await localTokenCounter())(reasoning);
}

/** What the earlier rounds of an Ask reply (see AskModeRounds) left in its one alternative. */
export interface EarlierRounds {
  content: string;
  reasoning: string;
  usage: UsageTotals | undefined;
}

/** Text of a later round follows the earlier rounds' text after a blank line. */
export function joinRounds(earlier: string, text: string): string {
  return earlier === '' ? text : text === '' ? earlier : `${earlier}\n\n${text}`;
}

/** What goes before a round's first piece of text so the view's text matches joinRounds. */
export function roundGap(earlier: string, shown: string): string {
  return earlier !== '' && shown === earlier ? '\n\n' : '';
}

/** The usage of all rounds so far: the earlier ones' plus the last accumulator's. */
export function roundsUsage(earlier: EarlierRounds, accumulator: ChatStreamAccumulator): UsageTotals | undefined {
  const usage = accumulator.result().usage;
  const last = usage ? usageFromWire(usage) : undefined;
  return earlier.usage && last ? addUsage(earlier.usage, last) : (last ?? earlier.usage);
}

/** When a round ends, the accumulator's merged choices (tool calls, finish reasons) complete the entry. */
export function takeAccumulated(entry: AssistantEntry, accumulator: ChatStreamAccumulator, earlier: EarlierRounds): void {
  for (const choice of accumulator.result().choices) {
    const alt = alternativeAt(entry, choice.index);
    const content = choice.message.content;
    alt.content = typeof content === 'string' ? joinRounds(earlier.content, content) : alt.content;
    alt.reasoning = joinRounds(earlier.reasoning, choice.message.reasoning_content ?? '');
    alt.finishReason = choice.finishReason;
    if (choice.message.tool_calls && choice.message.tool_calls.length > 0) alt.toolCalls = choice.message.tool_calls;
    else delete alt.toolCalls;
  }
}
