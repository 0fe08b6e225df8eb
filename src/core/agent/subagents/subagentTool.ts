// `run_subagent`: hands a self-contained job to a child agent with a fresh context. The child is the same
// loop (runAgentTask) with the kind's instructions, the part of the parent's tools its kind names
// (subagentTools.ts), the parent's approvals (each question names the subagent), the parent's stop signal
// and the task's shared step and token budget; its requests carry the kind's own cache key. Only its final message
// goes back to the parent, as the call's result; its calls are reported as they happen, for the card.
import type { ChatMessage } from '../../../api/index';
import { zeroUsage } from '../../conversations/conversation';
import type { SubagentCall, SubagentRun } from '../../conversations/conversationParts';
import { addUsage } from '../../conversations/usageTotals';
import type { RequestSettings } from '../../requests/requestSettings';
import { askingAs } from '../../tools/approvalRequester';
import { functionDefinition, toolName, type Tool, type ToolArguments, type ToolRunContext, type ToolRunResult } from '../../tools/tool';
import { toolDisplay, type ToolDisplay } from '../../tools/toolDisplay';
import type { ToolRegistry } from '../../tools/toolRegistry';
import type { ToolTraits } from '../../tools/toolTraits';
import type { ToolDefinition } from '../../../api/index';
import type { AgentEvent, AgentTaskSummary } from '../agentEvents';
import { runAgentTask, type AgentChatClient } from '../agentLoop';
import type { TaskBudget } from '../taskBudget';
import { subagentCacheKey } from '../workspaceCacheKey';
import type { SubagentKind } from './subagentKind';
import type { SubagentKinds } from './subagentKinds';
import { subagentTools, widestTraits } from './subagentTools';
import * as l10n from '../../l10n';

export const SUBAGENT_TOOL_NAME = 'run_subagent';
/** A task's agent is depth 0; its subagents are depth 1 and start none of their own. */
export const MAX_SUBAGENT_DEPTH = 1;
/** What the card keeps of each child call's result, to be read there (the parent's context never sees it). */
export const SUBAGENT_RESULT_CHARS = 2_000;

export interface SubagentToolOptions {
  kinds: SubagentKinds;
  /** The tools of the agent that owns this tool, without it: a child gets the part its kind names. */
  tools: ToolRegistry;
  client: AgentChatClient;
  settings: RequestSettings;
  /** The workspace's key; each kind's requests carry their own, derived from it (subagentCacheKey). */
  workspaceCacheKey: string;
  /** The task's standing instructions (project rules), which a child follows too. */
  instructions?: ChatMessage;
  /** The task's steps and tokens, shared: a child's count toward the task's limits. */
  budget: TaskBudget;
  /** The depth of the agent that owns this tool (0: the task itself). */
  depth: number;
  maxParallelToolCalls?: number;
  approvalWait?: () => number;
  now?: () => number;
}

const display: ToolDisplay = toolDisplay('subagent', 'description', () => ({
  running: l10n.t('Subagent working on {0}'),
  done: l10n.t('Subagent did {0}'),
}));

/** The `kind` that lists the user's own agents instead of starting one. */
export const LIST_KINDS = 'list';

// The same text whatever agents are installed: they are named on request (kind "list"), so each one the
// user installs adds nothing to every request of every task.
function definition(builtins: readonly SubagentKind[]): ToolDefinition {
  return functionDefinition(
    SUBAGENT_TOOL_NAME,
    'Hand a self-contained job to a subagent: a child agent with a fresh context that sees nothing of this conversation, ' +
      'works with its own tool calls and returns only a concise report, which is all you receive. Several calls in one step run at the same time, ' +
      'so split independent questions into separate calls. Write the task so it can be done without this conversation: what to find or do, where, and what to report.\n' +
      `Kinds:\n${builtins.map((k) => `- ${k.name}: ${k.description}`).join('\n')}\n` +
      `The user may have agents of their own: when the user names one, pass its name; kind "${LIST_KINDS}" returns their names and what each is for.`,
    {
      kind: { type: 'string', description: `${builtins.map((k) => k.name).join(', ')}, the name of one of the user's agents, or "${LIST_KINDS}".` },
      description: { type: 'string', description: 'The job in 3 to 6 words, shown to the user (e.g. "find the date parser").' },
      task: { type: 'string', description: 'The whole job, self-contained: what to find or do, where to look, and what the report must contain.' },
    },
    ['kind', 'description', 'task'],
  );
}

function installedList(kinds: SubagentKinds): string {
  const installed = kinds.installed();
  if (installed.length === 0) return `The user has no agents of their own. Kinds: ${kinds.list().map((k) => k.name).join(', ')}.`;
  return `The user's agents (pass the name as kind):\n${installed.map((k) => `- ${k.name}: ${k.description}`).join('\n')}`;
}

function cut(text: string): string {
  return text.length > SUBAGENT_RESULT_CHARS ? `${text.slice(0, SUBAGENT_RESULT_CHARS)}…` : text;
}

/** What the parent's model reads of a child that did not end with an answer of its own. */
function outcomeText(kind: string, summary: AgentTaskSummary): { status: 'done' | 'failed'; content: string } {
  const said = summary.answer.trim();
  switch (summary.stopReason) {
    case 'stop':
      return { status: 'done', content: said === '' ? `The ${kind} subagent ended without a report.` : said };
    case 'length':
      return { status: 'done', content: `${said}\n\n(The ${kind} subagent's report was cut at the output limit.)` };
    case 'step_limit':
      return { status: 'failed', content: `The ${kind} subagent stopped at the task's step limit before it finished.${said === '' ? '' : ` Its last words: ${said}`}` };
    case 'token_limit':
      return { status: 'failed', content: `The ${kind} subagent stopped at the task's token limit before it finished: the task has spent the tokens it may use.${said === '' ? '' : ` Its last words: ${said}`}` };
    case 'cancelled':
      return { status: 'failed', content: `The ${kind} subagent was stopped before it finished.` };
    case 'error':
      return { status: 'failed', content: `The ${kind} subagent failed: ${summary.error ?? 'unknown error'}` };
  }
}

export class SubagentTool implements Tool {
  readonly definition: ToolDefinition;
  readonly origin = { kind: 'workspace' } as const;
  readonly traits: ToolTraits;
  readonly display = display;

  constructor(private readonly options: SubagentToolOptions) {
    const kinds = options.kinds.list();
    this.definition = definition(options.kinds.builtins());
    // What the widest kind could do through the parent's tools: plan mode offers the tool only when every
    // tool a child could get is read-only, and the egress guard counts its report as workspace content.
    const reachable = options.tools.names().flatMap((name) => {
      const tool = options.tools.get(name);
      return tool && kinds.some((k) => k.tools === '*' || k.tools.includes(toolName(tool))) ? [tool] : [];
    });
    this.traits = widestTraits(reachable);
  }

  async run(args: ToolArguments, signal: AbortSignal, context?: ToolRunContext): Promise<ToolRunResult> {
    const { options } = this;
    const asked = String(args.value.kind);
    if (asked === LIST_KINDS) return { status: 'done', content: installedList(options.kinds) };
    const kind = options.kinds.find(asked);
    if (!kind) return { status: 'failed', content: `Unknown subagent kind "${asked}". Kinds: ${options.kinds.list().map((k) => k.name).join(', ')}.` };
    const description = String(args.value.description);
    const tools = subagentTools(options.tools, kind);
    const depth = options.depth + 1;
    const mayDelegate = kind.tools === '*' || kind.tools.includes(SUBAGENT_TOOL_NAME);
    if (depth < MAX_SUBAGENT_DEPTH && mayDelegate) tools.add(new SubagentTool({ ...options, tools: subagentTools(options.tools, kind), depth }));
    const now = options.now ?? (() => performance.now());
    const started = now();
    let spent = zeroUsage();
    const run: SubagentRun = { kind: kind.name, status: 'running', steps: 0, usage: spent, calls: [] };
    const calls = new Map<string, SubagentCall>();
    const report = (): void => context?.progress({ subagent: { ...run, usage: { ...run.usage }, calls: run.calls.map((c) => ({ ...c })) } });
    const onEvent = (event: AgentEvent): void => {
      if (event.type === 'step_started') run.steps++;
      else if (event.type === 'step_finished' && event.usage) run.usage = spent = addUsage(spent, event.usage);
      else if (event.type === 'tool_call_started') {
        const call: SubagentCall = { name: event.name, arguments: event.arguments, status: 'running', ...(event.display ? { display: event.display } : {}) };
        calls.set(`${event.step}\u0000${event.callId}`, call);
        run.calls.push(call);
      } else if (event.type === 'tool_call_finished') {
        const call = calls.get(`${event.step}\u0000${event.callId}`);
        if (call) Object.assign(call, { status: event.status, durationMs: event.durationMs, result: cut(event.result) });
      } else return;
      report();
    };
    report();
    const result = await askingAs(`${kind.name} (${description})`, () =>
      runAgentTask({
        client: options.client,
        settings: kind.model ? { ...options.settings, model: kind.model } : options.settings,
        task: String(args.value.task),
        tools,
        promptCacheKey: subagentCacheKey(options.workspaceCacheKey, kind.name),
        systemPrompt: kind.instructions,
        ...(options.instructions ? { instructions: options.instructions } : {}),
        budget: options.budget,
        signal,
        onEvent,
        ...(options.maxParallelToolCalls !== undefined ? { maxParallelToolCalls: options.maxParallelToolCalls } : {}),
        ...(options.approvalWait ? { approvalWait: options.approvalWait } : {}),
        now,
      }),
    );
    const outcome = outcomeText(kind.name, result.summary);
    run.status = result.summary.stopReason === 'cancelled' ? 'cancelled' : outcome.status;
    run.durationMs = Math.max(0, Math.round(now() - started));
    run.usage = result.summary.usage;
    report();
    return { ...outcome, usage: result.summary.usage };
  }
}
