// Answers every tool call of one assistant message with exactly one tool message, whatever happens:
// unknown tool, malformed arguments, a tool that throws, a rejected approval or the task being
// stopped all become an error text for the model. Calls run concurrently up to a bound; answers are
// kept in the order they finish, which the service allows.
import type { ToolCall, ToolMessage } from '../../api/index';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { UsageTotals } from '../conversations/conversation';
import type { FileChangeSummary } from '../tools/fileChangeSummary';
import { parseToolArguments } from '../tools/toolArguments';
import { cardDisplay } from '../tools/toolDisplay';
import { ToolArgumentsError } from '../tools/toolErrors';
import type { ToolRegistry } from '../tools/toolRegistry';
import type { ToolProgress } from '../tools/tool';
import type { AgentEventListener, ToolCallStatus } from './agentEvents';

export interface ToolCallRunOptions {
  registry: ToolRegistry;
  step: number;
  concurrency: number;
  signal: AbortSignal;
  emit: AgentEventListener;
  now: () => number;
  /** Milliseconds waited for the user's approvals so far; the wait is left out of a call's duration. */
  approvalWait?: () => number;
}

interface Answer {
  status: ToolCallStatus;
  content: string;
  checkpoint?: CheckpointRef;
  change?: FileChangeSummary;
  usage?: UsageTotals;
}

const CANCELLED_BEFORE = 'Not run: the user stopped the task before this call started.';
const CANCELLED_DURING = 'Stopped: the user stopped the task while this call was running; its result is unknown.';

/** Settles as cancelled when the task is stopped; `release` drops the listener once the call is answered. */
function whenAborted(signal: AbortSignal): { promise: Promise<Answer>; release: () => void } {
  let release = (): void => undefined;
  const promise = new Promise<Answer>((resolve) => {
    const onAbort = (): void => resolve({ status: 'cancelled', content: CANCELLED_DURING });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    release = () => signal.removeEventListener('abort', onAbort);
  });
  return { promise, release };
}

async function answer(call: ToolCall, options: ToolCallRunOptions): Promise<Answer> {
  const { registry, signal } = options;
  if (signal.aborted) return { status: 'cancelled', content: CANCELLED_BEFORE };
  const tool = registry.get(call.function.name);
  if (!tool) {
    return { status: 'invalid', content: `Unknown tool "${call.function.name}". Available tools: ${registry.names().join(', ')}.` };
  }
  let args;
  try {
    args = parseToolArguments(tool.definition, call.function.arguments);
  } catch (err) {
    if (err instanceof ToolArgumentsError) return { status: 'invalid', content: `${err.message} Correct the arguments and call the tool again.` };
    throw err;
  }
  const context = { callId: call.id, progress: ({ subagent }: ToolProgress) => options.emit({ type: 'tool_call_progress', step: options.step, callId: call.id, subagent }) };
  const run = tool.run(args, signal, context).then(
    (result): Answer => result,
    (err: unknown): Answer =>
      signal.aborted ? { status: 'cancelled', content: CANCELLED_DURING } : { status: 'failed', content: `Error: ${err instanceof Error ? err.message : String(err)}` },
  );
  // A tool that ignores the signal must not hold the stopped task open.
  const aborted = whenAborted(signal);
  try {
    return await Promise.race([run, aborted.promise]);
  } finally {
    aborted.release();
  }
}

export interface ToolCallAnswers {
  /** One per call, in the order they finished. */
  messages: ToolMessage[];
  /** Tokens the calls spent on the task's behalf (subagents' requests). */
  usage: UsageTotals[];
}

export async function runToolCalls(calls: readonly ToolCall[], options: ToolCallRunOptions): Promise<ToolCallAnswers> {
  const answers: ToolMessage[] = [];
  const usage: UsageTotals[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const call = calls[next++] as ToolCall;
      const started = options.now();
      const waitedBefore = options.approvalWait?.() ?? 0;
      const tool = options.registry.get(call.function.name);
      options.emit({
        type: 'tool_call_started',
        step: options.step,
        callId: call.id,
        name: call.function.name,
        arguments: call.function.arguments,
        origin: tool?.origin,
        ...(tool ? { display: cardDisplay(tool.display) } : {}),
      });
      const answered = await answer(call, options);
      // An empty tool message is refused by the service, and would break every later request.
      const result = answered.content === '' ? { ...answered, content: '(the tool returned no output)' } : answered;
      answers.push({ role: 'tool', tool_call_id: call.id, name: call.function.name, content: result.content });
      if (result.usage) usage.push(result.usage);
      options.emit({
        type: 'tool_call_finished',
        step: options.step,
        callId: call.id,
        name: call.function.name,
        status: result.status,
        durationMs: Math.max(0, Math.round(options.now() - started - ((options.approvalWait?.() ?? 0) - waitedBefore))),
        result: result.content,
        ...(result.checkpoint ? { checkpoint: result.checkpoint } : {}),
        ...(result.change ? { change: result.change } : {}),
        ...(result.usage ? { usage: result.usage } : {}),
      });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, calls.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { messages: answers, usage };
}
