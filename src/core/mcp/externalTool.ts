// A tool from outside the extension (an MCP server's, or one another extension registered with VS
// Code) in the agent's tool set. Each call is asked first, showing the tool, where it comes from and the
// arguments, unless the user said "always" for that source in this task. What comes back is cut to a
// budget; a source that fails, hangs or answers nonsense gives the model an error result and the user a
// line, and the task goes on.
import type { ToolDefinition } from '../../api/index';
import * as l10n from '../l10n';
import type { TaskApprovals } from '../tools/approvals';
import { done, failed, type Tool, type ToolArguments, type ToolOrigin, type ToolRunResult } from '../tools/tool';
import { toolDisplay, type ToolDisplay } from '../tools/toolDisplay';
import { toolTraits } from '../tools/toolTraits';

export type ExternalContent =
  | { kind: 'text'; text: string }
  /** An image or a sound: described to the model (the chat API takes no media in a tool result). */
  | { kind: 'media'; media: 'image' | 'audio'; mimeType: string; bytes: number }
  | { kind: 'resource'; uri: string; text?: string; mimeType?: string };

export interface ExternalCallResult {
  content: ExternalContent[];
  /** The source reported the call as failed (MCP's isError). */
  isError?: boolean;
}

/** Runs the tool at its source; throws when the source fails (crash, protocol error). */
export type ExternalToolCall = (args: Record<string, unknown>, signal: AbortSignal) => Promise<ExternalCallResult>;

export interface ExternalToolSpec {
  /** The name the model sees (externalToolNames.ts). */
  name: string;
  /** The tool's own name at its source. */
  toolName: string;
  description: string;
  inputSchema: ToolDefinition['function']['parameters'];
  origin: ToolOrigin & { kind: 'mcp' | 'vscode-tool' };
}

export interface ExternalToolTask {
  approvals: TaskApprovals;
  /** Sources the user answered "always" for in this task. */
  alwaysAllowed: Set<string>;
  /** A line for the user when a source fails. */
  notice(message: string): void;
}

export interface ExternalToolLimits {
  /** Longest a call may take before it counts as hung (default 60 s). */
  timeoutMs: number;
  /** Characters of result the model gets (default 20,000). */
  maxResultChars: number;
}

export const DEFAULT_EXTERNAL_LIMITS: ExternalToolLimits = { timeoutMs: 60_000, maxResultChars: 20_000 };

/**
 * Where a call goes, as "always" remembers it (`key`), the model reads it (`label`) and the user reads it
 * (`shownLabel`). A repository's server may take the name of the user's own: the two are told apart in
 * the question, and "always" for one is not the other.
 */
function sourceOf(origin: ExternalToolSpec['origin']): { key: string; label: string; shownLabel: string } {
  if (origin.kind === 'vscode-tool') {
    return { key: `vscode:${origin.tool}`, label: `another extension (its VS Code tool "${origin.tool}")`, shownLabel: l10n.t('another extension (its VS Code tool "{0}")', origin.tool) };
  }
  return origin.scope === 'workspace'
    ? {
        key: `mcp:workspace:${origin.server}`,
        label: `the MCP server "${origin.server}" of this workspace (${origin.file})`,
        shownLabel: l10n.t('the MCP server "{0}" of this workspace ({1})', origin.server, origin.file),
      }
    : { key: `mcp:user:${origin.server}`, label: `your MCP server "${origin.server}" (svc.mcp.servers)`, shownLabel: l10n.t('your MCP server "{0}" (svc.mcp.servers)', origin.server) };
}

/** The warning above every call's question: a whole sentence per source, so each language words it its own way. */
function outsideWarning(origin: ExternalToolSpec['origin']): string {
  if (origin.kind === 'vscode-tool') {
    return l10n.t('Another extension (its VS Code tool "{0}") runs outside the extension: it can act on this computer or send data, as its author wrote it.', origin.tool);
  }
  return origin.scope === 'workspace'
    ? l10n.t('The MCP server "{0}" of this workspace ({1}) runs outside the extension: it can act on this computer or send data, as its author wrote it.', origin.server, origin.file)
    : l10n.t('Your MCP server "{0}" (svc.mcp.servers) runs outside the extension: it can act on this computer or send data, as its author wrote it.', origin.server);
}

export interface ServerToolLimits {
  /** Tools of one server offered to the model (default 64). */
  maxTools: number;
  /** Characters of one server's tool definitions (names, descriptions, schemas) offered (default 40,000, about 10,000 tokens). */
  maxDefinitionChars: number;
}

export const DEFAULT_SERVER_TOOL_LIMITS: ServerToolLimits = { maxTools: 64, maxDefinitionChars: 40_000 };

/**
 * The tools of one server that fit its share of every request, in the server's order, and how many did
 * not: each definition is sent with every agent request, so one server could otherwise fill the context.
 */
export function capServerTools<T extends { name: string; description?: string | undefined; inputSchema?: unknown }>(
  tools: readonly T[],
  limits: ServerToolLimits = DEFAULT_SERVER_TOOL_LIMITS,
): { kept: T[]; leftOut: number; definitionChars: number } {
  const kept: T[] = [];
  let chars = 0;
  for (const tool of tools) {
    const size = tool.name.length + (tool.description?.length ?? 0) + JSON.stringify(tool.inputSchema ?? {}).length;
    if (kept.length >= limits.maxTools || chars + size > limits.maxDefinitionChars) continue;
    kept.push(tool);
    chars += size;
  }
  return { kept, leftOut: tools.length - kept.length, definitionChars: chars };
}

/** The result as the model reads it: text, images and resources described, cut to the budget with a note. */
export function resultText(content: readonly ExternalContent[], maxChars: number): string {
  const text = content
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'media') return `[${part.mimeType} ${part.media}, ${part.bytes} bytes: not shown to the model]`;
      return part.text !== undefined ? `[resource ${part.uri}]\n${part.text}` : `[resource ${part.uri}${part.mimeType ? `, ${part.mimeType}` : ''}: no text]`;
    })
    .join('\n');
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[cut: the result had ${text.length} characters; only the first ${maxChars} are shown]`;
}

export class ExternalToolTimeoutError extends Error {
  readonly seconds: number;
  constructor(label: string, ms: number) {
    const seconds = Math.round(ms / 1000);
    super(`${label} did not answer within ${seconds} s`);
    this.name = 'ExternalToolTimeoutError';
    this.seconds = seconds;
  }
}

/**
 * What a tool from outside may do is what its author wrote, which nothing here can check: it may read,
 * change, run and send anything, so it is never offered in plan mode and every call is asked about.
 */
const OUTSIDE_TOOL_TRAITS = toolTraits({ readsWorkspace: true, changes: 'anything', runsPrograms: true, sendsData: true });

export class ExternalTool implements Tool {
  readonly definition: ToolDefinition;
  readonly origin: ToolOrigin;
  readonly traits = OUTSIDE_TOOL_TRAITS;
  /** Its card is the generic one: nothing here knows what an outside tool does, only its name. */
  readonly display: ToolDisplay;

  constructor(
    private readonly spec: ExternalToolSpec,
    private readonly call: ExternalToolCall,
    private readonly task: ExternalToolTask,
    private readonly limits: ExternalToolLimits = DEFAULT_EXTERNAL_LIMITS,
  ) {
    this.definition = { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.inputSchema } };
    this.origin = spec.origin;
    this.display = toolDisplay('external', undefined, () => ({ running: l10n.t('Calling {0}', spec.toolName), done: l10n.t('Called {0}', spec.toolName) }));
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const source = sourceOf(this.spec.origin);
    if (!this.task.alwaysAllowed.has(source.key)) {
      const decision = await this.task.approvals.answer(
        {
          kind: 'external-tool',
          title: l10n.t('Call the tool "{0}" of {1}?', this.spec.toolName, source.shownLabel),
          detail: JSON.stringify(args.value, null, 2),
          warning: outsideWarning(this.spec.origin),
          allowAlways: true,
          alwaysAsk: true,
        },
        signal,
      );
      if (decision === 'reject') return { status: 'rejected', content: `The user did not allow ${this.spec.name} with these arguments. Do not retry it; continue without it.` };
      if (decision === 'always') this.task.alwaysAllowed.add(source.key);
    }
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new ExternalToolTimeoutError(source.label, this.limits.timeoutMs));
        }, this.limits.timeoutMs);
      });
      const result = await Promise.race([this.call(args.value, controller.signal), timeout]);
      const text = resultText(result.content, this.limits.maxResultChars);
      return result.isError ? failed(text || `${this.spec.toolName} reported an error without a message.`) : done(text);
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      this.task.notice(
        error instanceof ExternalToolTimeoutError
          ? l10n.t('{0}: {1} did not answer within {2} s; the task goes on without that result.', this.spec.name, source.shownLabel, error.seconds)
          : l10n.t('{0}: {1} failed ({2}); the task goes on without that result.', this.spec.name, source.shownLabel, reason),
      );
      return failed(`The tool ${this.spec.toolName} of ${source.label} failed: ${reason}. Continue without it, or try another way.`);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }
}
