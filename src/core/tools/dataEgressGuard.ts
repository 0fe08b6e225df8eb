// Keeps workspace content from leaving through a tool without the user's click. Text in a repository
// (a README, a code comment, a fetched page) can tell the model to read `.env` and send it somewhere
// as a URL or a search query; once a task holds workspace content, every destination it has not used
// yet is asked about, showing the whole URL or query. "Always for this task" approves one host.
import type { ChatMessage } from '../../api/index';
import { isSummaryMessage } from '../chat/historyBuilder';
import * as l10n from '../l10n';
import type { TaskApprovals } from './approvals';
import { formulaFunctionTraits } from './formulaTraits';
import type { ToolTraits } from './toolTraits';
import { UPDATE_PLAN_NAME, UPDATE_PLAN_TRAITS } from './updatePlanTool';

export interface Egress {
  /** The host (or service) the data goes to; what "Always for this task" remembers. */
  destination: string;
  /** How the question names a destination that is no host name (the web search service); default `destination`. */
  shownDestination?: string;
  /** The tool that sends it, e.g. "fetch". */
  tool: string;
  /** Exactly what leaves: the whole URL, or the query. */
  payload: string;
}

export class DataEgressGuard {
  private holdsWorkspaceContent: boolean;
  private readonly approvedDestinations = new Set<string>();

  constructor(
    private readonly approvals: TaskApprovals,
    /** True when the conversation already holds workspace content (attached files, earlier turns). */
    startsWithWorkspaceContent: boolean,
  ) {
    this.holdsWorkspaceContent = startsWithWorkspaceContent;
  }

  /** Called by every tool that brings workspace content into the task (read_file, search_text, …). */
  noteWorkspaceContentRead(): void {
    this.holdsWorkspaceContent = true;
  }

  /**
   * Called with every tool result of the task: a command's output (`cat .env`), an MCP server's or another
   * extension's tool, code run on this computer can all carry workspace content, so every result counts
   * but those of the tools whose traits say they bring in nothing from this computer.
   */
  noteToolResult(traits: ToolTraits): void {
    if (traits.readsWorkspace) this.holdsWorkspaceContent = true;
  }

  /** True when the data may go: nothing from the workspace is held yet, the host was approved, or the user says yes now. */
  async mayLeave(egress: Egress, signal: AbortSignal): Promise<boolean> {
    if (!this.holdsWorkspaceContent || this.approvedDestinations.has(egress.destination)) return true;
    const decision = await this.approvals.answer(
      {
        kind: 'send-data',
        title: l10n.t('Send data to {0} with {1}?', egress.shownDestination ?? egress.destination, egress.tool),
        detail: egress.payload,
        warning: l10n.t('This task has read files of your workspace. Check that nothing private is in what is sent.'),
        allowAlways: true,
        alwaysAsk: true,
      },
      signal,
    );
    if (decision === 'always') this.approvedDestinations.add(egress.destination);
    return decision !== 'reject';
  }
}

const NETWORK_TOOLS = /(^|[\s;&|(`$])(curl|wget|nc|ncat|netcat|socat|ssh|scp|sftp|rsync|ftp|telnet|httpie|http|xh|aria2c|invoke-webrequest|iwr)(\s|$)/i;
const NETWORK_ACTIONS = /\b(git\s+(push|remote\s+add|send-email)|npm\s+publish|yarn\s+publish|pnpm\s+publish|docker\s+push|twine\s+upload|gh\s+\w+|urllib|requests\.(get|post)|fetch\(|\/dev\/tcp\/)/i;

/** A warning line for a command that can send data over the network, or undefined. */
export function networkWarning(command: string): string | undefined {
  if (NETWORK_TOOLS.test(command) || NETWORK_ACTIONS.test(command)) {
    return l10n.t('This command can send data over the network. Check where it goes and what it sends.');
  }
  return undefined;
}

/**
 * Whether a tool of an earlier turn, known by name alone, brought in workspace content: the plan, the
 * service's web tools and the formulas that compute on what the model gives them alone declare they do
 * not; any other tool may have (workspace tools, commands, MCP servers' and other extensions' tools).
 */
function carriedWorkspaceContent(name: string): boolean {
  const traits = name === UPDATE_PLAN_NAME ? UPDATE_PLAN_TRAITS : formulaFunctionTraits(name);
  return traits?.readsWorkspace ?? true;
}

/**
 * Whether earlier turns of a conversation already hold workspace content: a file attached as context
 * (a system message after the leading system prompt), a compaction's summary (it carries what the turns
 * it replaced held), or the answer of a tool that may carry it.
 */
export function holdsWorkspaceContent(history: readonly ChatMessage[]): boolean {
  const carrying = new Set<string>();
  for (const [index, message] of history.entries()) {
    if (message.role === 'system' && (index > 0 || isSummaryMessage(message))) return true;
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) if (carriedWorkspaceContent(call.function.name)) carrying.add(call.id);
    if (message.role === 'tool' && carrying.has(message.tool_call_id)) return true;
  }
  return false;
}
