// Agent tasks over a scripted chat client and an in-memory conversation store: what every test of the
// agent's lifecycle, its requests on the wire and its words to the user starts from. `tasksWith` builds
// the real AgentTasks; its options override any of the defaults, the toolset first of all.
import type { AgentChatClient } from '../../src/core/agent/agentLoop';
import { AgentTasks, type AgentTasksEvent, type AgentTasksOptions, type ToolsetRequest } from '../../src/core/agent/agentTasks';
import type { AgentToolset } from '../../src/core/agent/agentToolset';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { TaskApprovals, type ApprovalDecision } from '../../src/core/tools/approvals';
import { ChangeJournal } from '../../src/core/tools/changeJournal';
import { DataEgressGuard } from '../../src/core/tools/dataEgressGuard';
import type { Tool } from '../../src/core/tools/tool';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import { ManualClock } from '../unit/core/support/manualClock';
import { MemoryConversationFolder } from '../unit/core/support/memoryConversationFolder';
import { ScriptedChatClient, type ScriptStep } from '../unit/core/support/scriptedChatClient';

/** The scripted chat client with the token estimate the agent loop asks for (a fixed 10). */
export class ScriptedAgentClient extends ScriptedChatClient implements AgentChatClient {
  async estimateTokens(): Promise<number> {
    return 10;
  }
}

export interface ToolsetOptions {
  /** The task's change journal (a new one when absent). */
  journal?: ChangeJournal;
  /** What every question is answered (reject when absent). */
  decide?: ApprovalDecision;
  tools?: readonly Tool[];
}

/** A toolset of `tools` (none by default), with its own approvals and egress guard. */
export function emptyToolset(options: ToolsetOptions = {}): AgentToolset {
  const decide = options.decide ?? 'reject';
  const approvals = new TaskApprovals({ request: async () => decide });
  return { registry: new ToolRegistry([...(options.tools ?? [])]), approvals, journal: options.journal ?? new ChangeJournal(), egress: new DataEgressGuard(approvals, false) };
}

export interface TaskBed {
  store: ConversationStore;
  client: ScriptedAgentClient;
  events: AgentTasksEvent[];
  /** What the tasks logged, each line "warn …" or "error …". */
  logged: string[];
  /** What each call of the toolset asked for. */
  requests: ToolsetRequest[];
  tasks: AgentTasks;
}

/** Real agent tasks answered by `scripts` in order, with an empty toolset unless `options.toolset` says otherwise. */
export async function tasksWith(scripts: ScriptStep[][], options: Partial<AgentTasksOptions> = {}): Promise<TaskBed> {
  const { store } = await ConversationStore.open(new MemoryConversationFolder(), new ManualClock());
  const client = new ScriptedAgentClient(scripts);
  const events: AgentTasksEvent[] = [];
  const logged: string[] = [];
  const requests: ToolsetRequest[] = [];
  const toolset = options.toolset ?? (async () => emptyToolset());
  let ids = 0;
  const tasks = new AgentTasks({
    store,
    client: async () => client,
    promptCacheKey: async () => 'workspace-key',
    clock: new ManualClock(),
    newId: () => `id-${++ids}`,
    log: { warn: (m) => void logged.push(`warn ${m}`), error: (m) => void logged.push(`error ${m}`) },
    onEvent: (event) => void events.push(event),
    ...options,
    toolset: (request) => {
      requests.push(request);
      return toolset(request);
    },
  });
  return { store, client, events, logged, requests, tasks };
}
