// Keeps workspace content from leaving through a tool without the user's click. Text in a repository
// (a README, a code comment, a fetched page) can tell the model to read `.env` and send it somewhere
// as a URL or a search query; once a task holds workspace content, every destination it has not used
// yet is asked about, showing the whole URL or query. "Always for this task" approves one host.
import type { ChatMessage } from '../../api/index';
import type { TaskApprovals } from './approvals';

export interface Egress {
  /** The host (or service) the data goes to; what "Always for this task" remembers. */
  destination: string;
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

  /** True when the data may go: nothing from the workspace is held yet, the host was approved, or the user says yes now. */
  async mayLeave(egress: Egress, signal: AbortSignal): Promise<boolean> {
    if (!this.holdsWorkspaceContent || this.approvedDestinations.has(egress.destination)) return true;
    const decision = await this.approvals.answer(
      {
        kind: 'send-data',
        title: `Send data to ${egress.destination} with ${egress.tool}?`,
        detail: egress.payload,
        warning: 'This task has read files of your workspace. Check that nothing private is in what is sent.',
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
    return 'This command can send data over the network. Check where it goes and what it sends.';
  }
  return undefined;
}

/** Tools whose results carry workspace content. */
const WORKSPACE_READ_TOOLS = new Set(['read_file', 'search_text', 'find_files', 'list_files']);

/**
 * Whether earlier turns of a conversation already hold workspace content: a file attached as context
 * (a system message after the leading system prompt), or the answer of a workspace read tool.
 */
export function holdsWorkspaceContent(history: readonly ChatMessage[]): boolean {
  const readCalls = new Set<string>();
  for (const [index, message] of history.entries()) {
    if (message.role === 'system' && index > 0) return true;
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) if (WORKSPACE_READ_TOOLS.has(call.function.name)) readCalls.add(call.id);
    if (message.role === 'tool' && readCalls.has(message.tool_call_id)) return true;
  }
  return false;
}
