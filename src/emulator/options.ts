// The emulator's configuration surface, shared by the CLI (main.ts) and in-process callers
// (startEmulator). Everything has a default so `startEmulator({})` gives a usable service.
import { randomBytes } from 'node:crypto';

/** What a scenario looks at in the conversation. Every given field must hold for a match. */
export interface ScenarioMatcher {
  /** Case-insensitive substring of the last user message's text. */
  lastUserText?: string;
  /** Regular expression (JavaScript syntax, case-insensitive) tested on the last user message's text. */
  lastUserTextRegex?: string;
  /** True: the request offers tools; false: it offers none. */
  hasTools?: boolean;
  /** True: the last message is a `tool` result; false: it is not. */
  lastIsToolResult?: boolean;
  /**
   * Assistant messages with tool calls after the last user message: 0 on the first step of a task,
   * N on step N + 1. Tells the steps of an agent task apart.
   */
  toolStepsSinceUser?: number;
  /** `tool` messages after the last user message (parallel calls of one step count one each). */
  toolResultsSinceUser?: number;
  /**
   * Function name of the call that the last `tool` message after the last user message answers
   * (found by its tool_call_id). Never holds when no tool has answered since the last user message.
   */
  lastToolName?: string;
  /** Only for this model id. */
  model?: string;
}

export interface ScenarioToolCall {
  name: string;
  /** An object (encoded as JSON for the wire) or an already encoded JSON string. */
  arguments: Record<string, unknown> | string;
}

/**
 * What the model answers. In reasoning and content, `{{lastUserText}}` and `{{lastToolResult}}` are
 * replaced by the conversation's last user text and last tool message content, and
 * `{{toolResult:NAME}}` by the latest result of the function NAME since the last user message (empty
 * when there is none).
 */
export interface ScenarioReply {
  reasoning?: string;
  content?: string;
  toolCalls?: ScenarioToolCall[];
}

export interface Scenario {
  name?: string;
  match: ScenarioMatcher;
  reply: ScenarioReply;
}

/** The JSON of a `--scenarios` file: either `{ "scenarios": [...] }` or the bare array. */
export interface ScenarioFile {
  scenarios: Scenario[];
}

export interface RateLimitOptions {
  /** Requests of one key in flight at once (chat completions); 0 = unlimited. */
  concurrency?: number;
  /** Chat requests per minute per key; 0 = unlimited. */
  rpm?: number;
  /** Tokens (prompt + completion) per minute per key; 0 = unlimited. */
  tpm?: number;
  /** Tokens per day per key; 0 = unlimited. */
  tpd?: number;
}

export interface FaultOptions {
  /** Fraction (0..1) of chat requests answered 429 engine_overloaded_error, spread evenly (deterministic). */
  overloadRate?: number;
  /** Destroy the connection of every stream after this many data chunks. */
  dropAfterChunks?: number;
  /** Delay before the first byte of every chat response, in milliseconds. */
  slowFirstByteMs?: number;
  /** Fraction (0..1) of chat requests answered 500 unexpected_output "invalid state transition". */
  invalidStateRate?: number;
}

export interface FileLimitOptions {
  maxFileBytes?: number;
  maxFiles?: number;
  maxTotalBytes?: number;
}

export interface FormulaLimitOptions {
  quickjsTimeoutMs?: number;
  quickjsMemoryBytes?: number;
  codeRunnerTimeoutMs?: number;
  codeRunnerOutputBytes?: number;
  /** The Python interpreter code_runner runs (default `python3`). */
  pythonPath?: string;
  fetchTimeoutMs?: number;
  fetchMaxBytes?: number;
  /** Non-public addresses fetch may reach anyway (tests serving pages on 127.0.0.1); default none. */
  fetchAllowedAddresses?: string[];
}

export interface EmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port) in-process; the CLI defaults to 8787. */
  port?: number;
  /** The accepted key; default a random one per start (RunningEmulator.apiKey says which). */
  apiKey?: string;
  /**
   * Who the key's account is, when the key changes at every start but files, memory and balance must
   * persist in the data dir (the extension's emulator); default: derived from the key.
   */
  accountIdentity?: string;
  /** A second account's key: it sees none of the first key's files (403). */
  otherKey?: string;
  /** Where files, memory and balance persist; default a folder in the OS temp dir. */
  dataDir?: string;
  /** Streamed output pace in tokens per second; 0 (default) = as fast as possible. */
  speed?: number;
  /** Scenario object, bare list, or path of a JSON scenario file. */
  scenarios?: ScenarioFile | Scenario[] | string;
  /** Append every request and response as JSON lines here, API key redacted. */
  logFile?: string;
  /** Starting cash balance in USD of a key seen for the first time (default 100). */
  balance?: number;
  /** Starting voucher balance in USD (default 0). */
  voucherBalance?: number;
  /** USD per million tokens (prompt + completion) charged against the balance (default 1). */
  price?: number;
  limits?: RateLimitOptions;
  faults?: FaultOptions;
  fileLimits?: FileLimitOptions;
  formulaLimits?: FormulaLimitOptions;
  /**
   * The model ids GET /models lists (default: the whole catalogue), for an account that has gained or
   * lost models. Chat requests are still checked against the catalogue.
   */
  models?: string[];
}

export interface RunningEmulator {
  /** Base URL, ends with `/v1`. */
  url: string;
  port: number;
  /** The key it accepts. */
  apiKey: string;
  close(): Promise<void>;
}

/** A key nobody can guess: the emulator answers only to whoever started it. */
export function randomApiKey(): string {
  return `sk-local-${randomBytes(24).toString('base64url')}`;
}
export const DEFAULT_CLI_PORT = 8787;
