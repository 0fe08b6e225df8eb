// An agent task as conversation entries: while it runs, built from its events (one assistant entry
// per step, a tool entry with its card per call) so the chat can show it live; when it ends, rebuilt
// from the messages the loop returned, which are the valid conversation, keeping the live entries'
// ids, cards and usage. The task's summary goes on its last assistant entry.
import type { ChatMessage, ToolCall } from '../../api/index';
import type { AgentSummary } from '../conversations/conversationParts';
import type { AssistantEntry, Entry, ToolEntry, UserEntry } from '../conversations/conversation';
import { ReplyTimer } from '../chat/replyTimer';
import type { AgentEvent, AgentTaskSummary } from './agentEvents';

const INTERRUPTED_CALL = 'Not answered: the window closed while this call ran; its result is unknown.';

export interface AgentTranscriptOptions {
  taskId: string;
  model: string;
  now: () => number;
  newId: () => string;
}

function emptyStep(id: string, model: string, createdAt: number): AssistantEntry {
  return { id, role: 'assistant', createdAt, model, alternatives: [{ content: '', reasoning: '', finishReason: null }], selected: 0, status: 'streaming' };
}

function firstAlternative(entry: AssistantEntry): AssistantEntry['alternatives'][number] {
  const alt = entry.alternatives[0];
  if (!alt) throw new Error(`Assistant entry ${entry.id} has no alternatives`);
  return alt;
}

/** The task's summary as saved on its last assistant entry. */
export function agentSummaryRecord(taskId: string, summary: AgentTaskSummary): AgentSummary {
  const view: AgentSummary = {
    taskId,
    stopReason: summary.stopReason,
    steps: summary.steps,
    toolCalls: summary.toolCalls,
    filesChanged: summary.filesChanged,
    usage: summary.usage,
    durationMs: summary.durationMs,
  };
  if (summary.error !== undefined) view.error = summary.error;
  if (summary.tokenLimit !== undefined) view.tokenLimit = { ...summary.tokenLimit };
  return view;
}

function callKey(step: number, callId: string): string {
  return `${step}\u0000${callId}`;
}

export class AgentTranscript {
  private readonly entries: Entry[] = [];
  private readonly steps = new Map<number, AssistantEntry>();
  /** Each step is a request of its own: timed like a chat reply, for its speed on the usage line. */
  private readonly timers = new Map<number, ReplyTimer>();
  /**
   * Keyed by step and call id: a service may reuse call ids across steps (they are unique only within
   * one response; real models send `functions.edit_file:0` every step).
   */
  private readonly calls = new Map<string, ToolEntry>();
  /** The step of each live assistant entry, to find its calls again when the task ends. */
  private readonly stepNumbers = new Map<AssistantEntry, number>();

  constructor(private readonly options: AgentTranscriptOptions) {}

  /** Applies one event; returns the assistant entry a delta belongs to (for streaming it to the view). */
  apply(event: AgentEvent): AssistantEntry | undefined {
    switch (event.type) {
      case 'step_started': {
        const step = emptyStep(this.options.newId(), this.options.model, this.options.now());
        this.steps.set(event.step, step);
        this.stepNumbers.set(step, event.step);
        this.timers.set(event.step, new ReplyTimer(step.createdAt));
        this.entries.push(step);
        return step;
      }
      case 'reasoning_delta':
      case 'content_delta': {
        const step = this.steps.get(event.step);
        if (!step) return undefined;
        const alt = firstAlternative(step);
        const timer = this.timers.get(event.step);
        if (event.type === 'reasoning_delta') {
          alt.reasoning += event.text;
          timer?.token(this.options.now());
        } else {
          alt.content += event.text;
          timer?.content(this.options.now());
        }
        return step;
      }
      case 'tool_call_started': {
        const step = this.steps.get(event.step);
        if (step) {
          const alt = firstAlternative(step);
          alt.toolCalls = [...(alt.toolCalls ?? []), { id: event.callId, type: 'function', function: { name: event.name, arguments: event.arguments } }];
          alt.finishReason = 'tool_calls';
        }
        const entry: ToolEntry = {
          id: this.options.newId(),
          role: 'tool',
          createdAt: this.options.now(),
          toolCallId: event.callId,
          name: event.name,
          content: '',
          card: {
            step: event.step,
            arguments: event.arguments,
            status: 'running',
            taskId: this.options.taskId,
            ...(event.origin?.kind === 'formula' ? { formula: event.origin.formula } : {}),
            ...(event.display ? { display: event.display } : {}),
          },
        };
        this.calls.set(callKey(event.step, event.callId), entry);
        this.entries.push(entry);
        return undefined;
      }
      case 'tool_call_progress': {
        const entry = this.calls.get(callKey(event.step, event.callId));
        if (entry?.card) entry.card = { ...entry.card, subagent: event.subagent };
        return undefined;
      }
      case 'tool_call_finished': {
        const entry = this.calls.get(callKey(event.step, event.callId));
        if (entry?.card) {
          entry.content = event.result;
          entry.card = { ...entry.card, status: event.status, durationMs: event.durationMs, ...(event.change ? { change: event.change } : {}) };
        }
        if (entry && event.checkpoint) entry.checkpoint = event.checkpoint;
        return undefined;
      }
      case 'step_finished': {
        const step = this.steps.get(event.step);
        if (!step) return undefined;
        firstAlternative(step).finishReason = event.finishReason;
        step.status = 'complete';
        if (event.usage) step.usage = event.usage;
        const timing = this.timers.get(event.step)?.timing(this.options.now());
        if (timing) step.timing = timing;
        return undefined;
      }
      case 'task_started':
      case 'context_compacted':
      case 'task_finished':
        return undefined;
    }
  }

  /**
   * The entries as they stand, for the view: the newest step stays `streaming` until the task ends,
   * so the chat keeps its stop button while tools run.
   */
  live(): Entry[] {
    const lastStep = [...this.entries].reverse().find((e): e is AssistantEntry => e.role === 'assistant');
    return this.entries.map((entry) => {
      if (entry === lastStep) return { ...entry, status: 'streaming' };
      if (entry.role === 'assistant') return { ...entry, status: 'complete' };
      return entry;
    });
  }

  /**
   * What is saved while the task runs, so a window closed mid-task keeps its steps: every call whose
   * answer has not come yet is answered with a text saying so (a saved conversation never holds an
   * unanswered call), and the step in progress is marked interrupted.
   */
  checkpoint(): Entry[] {
    return this.live().map((entry) => {
      if (entry.role === 'assistant') return entry.status === 'streaming' ? { ...entry, status: 'interrupted' } : entry;
      if (entry.role === 'tool' && entry.card?.status === 'running') {
        return { ...entry, content: INTERRUPTED_CALL, card: { ...entry.card, status: 'cancelled' } };
      }
      return entry;
    });
  }

  /**
   * The task's entries once it ended, from `messages` (the loop's conversation after the user's task
   * message): every call answered, a step cut short kept as its text only. The summary goes on the
   * final answer, or on an empty entry (never sent back) when the task ended without one.
   */
  finish(messages: readonly ChatMessage[], summary: AgentTaskSummary): Entry[] {
    const result: Entry[] = [];
    const usedSteps = new Set<AssistantEntry>();
    const liveSteps = this.entries.filter((e): e is AssistantEntry => e.role === 'assistant');
    // Ids alone may name a call of another step: the step that made the same calls (ids and arguments)
    // wins, then the first step not yet matched that used one of the ids.
    const stepOf = (calls: readonly ToolCall[]): AssistantEntry | undefined => {
      const open = liveSteps.filter((s) => !usedSteps.has(s));
      const same = (s: AssistantEntry): boolean => {
        const made = firstAlternative(s).toolCalls ?? [];
        return made.length === calls.length && made.every((c, i) => c.id === calls[i]?.id && c.function.arguments === calls[i]?.function.arguments);
      };
      return open.find(same) ?? open.find((s) => firstAlternative(s).toolCalls?.some((c) => calls.some((call) => call.id === c.id)));
    };
    // The step whose calls the next tool messages answer.
    let callStep: number | undefined;
    for (const message of messages) {
      if (message.role === 'assistant') {
        const callIds = (message.tool_calls ?? []).map((c) => c.id);
        const live = callIds.length > 0 ? stepOf(message.tool_calls ?? []) : ([...liveSteps].reverse().find((s) => !usedSteps.has(s) && (firstAlternative(s).toolCalls ?? []).length === 0) ?? undefined);
        if (live) usedSteps.add(live);
        callStep = live ? this.stepNumbers.get(live) : undefined;
        const entry: AssistantEntry = {
          id: live?.id ?? this.options.newId(),
          role: 'assistant',
          createdAt: live?.createdAt ?? this.options.now(),
          model: this.options.model,
          alternatives: [
            {
              content: typeof message.content === 'string' ? message.content : '',
              reasoning: message.reasoning_content ?? '',
              ...(callIds.length > 0 && message.tool_calls ? { toolCalls: message.tool_calls } : {}),
              finishReason: callIds.length > 0 ? 'tool_calls' : (live ? firstAlternative(live).finishReason : null),
            },
          ],
          selected: 0,
          status: callIds.length === 0 && summary.stopReason === 'cancelled' ? 'stopped' : 'complete',
        };
        if (live?.usage) entry.usage = live.usage;
        if (live?.timing) entry.timing = live.timing;
        result.push(entry);
      } else if (message.role === 'tool') {
        const live = callStep === undefined ? undefined : this.calls.get(callKey(callStep, message.tool_call_id));
        const content = typeof message.content === 'string' ? message.content : '';
        const entry: ToolEntry = { id: live?.id ?? this.options.newId(), role: 'tool', createdAt: live?.createdAt ?? this.options.now(), toolCallId: message.tool_call_id, content };
        const name = message.name ?? live?.name;
        if (name !== undefined) entry.name = name;
        if (live?.card) entry.card = live.card.status === 'running' ? { ...live.card, status: 'cancelled' } : live.card;
        if (live?.checkpoint) entry.checkpoint = live.checkpoint;
        result.push(entry);
      } else if (message.role === 'user') {
        // A summary of earlier steps, put in when the task outgrew the context window.
        const entry: UserEntry = { id: this.options.newId(), role: 'user', createdAt: this.options.now(), content: typeof message.content === 'string' ? message.content : '' };
        if (typeof message.content !== 'string') entry.sentContent = message.content;
        result.push(entry);
      }
    }
    const last = result.at(-1);
    const final = last?.role === 'assistant' && (firstAlternative(last).toolCalls ?? []).length === 0 ? last : undefined;
    const holder: AssistantEntry = final ?? {
      id: this.options.newId(),
      role: 'assistant',
      createdAt: this.options.now(),
      model: this.options.model,
      alternatives: [{ content: '', reasoning: '', finishReason: null }],
      selected: 0,
      status: summary.stopReason === 'cancelled' ? 'stopped' : summary.stopReason === 'error' ? 'failed' : 'complete',
    };
    holder.agentSummary = agentSummaryRecord(this.options.taskId, summary);
    if (summary.stopReason === 'error' && summary.error !== undefined) holder.error = { kind: 'unknown', message: summary.error, action: 'none' };
    if (!final) result.push(holder);
    return result;
  }
}
