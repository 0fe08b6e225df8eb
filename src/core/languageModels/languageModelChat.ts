// The svc models as VS Code's language-model provider sees them: one request of another extension (or
// of VS Code's chat) becomes a chat request through our builder and validation, its stream comes back
// as text and complete tool calls, and a thinking model's reasoning is kept for the calls' return.
import {
  ChatStreamAccumulator,
  isThinkingOn,
  modelInfo,
  validateChatRequest,
  type ChatCompletionChunk,
  type ChatRequest,
  type TokenEstimateRequest,
  type ToolDefinition,
} from '../../api/index';
import { buildChatRequest } from '../chat/chatRequestBuilder';
import type { RequestIdentity } from '../requests/requestIdentity';
import type { RequestSettings } from '../requests/requestSettings';
import { estimateRequestTokens } from '../tokens/tokenEstimator';
import { toChatMessages, toolCallPart, withEmptyReasoning, type ProviderMessage, type ProviderResponsePart } from './providerMessages';
import type { ReasoningStore } from './reasoningStore';

export interface LanguageModelClient {
  chatStream(request: ChatRequest, options?: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk>;
  estimateTokens(request: TokenEstimateRequest): Promise<number>;
}

export interface ProviderTool {
  name: string;
  description: string;
  inputSchema?: object;
}

export interface LanguageModelRequest {
  model: string;
  messages: readonly ProviderMessage[];
  /** The caller's model options: the ones the service knows are taken, VS Code's own (`_…`) ignored but `_enableThinking`. */
  modelOptions?: Readonly<Record<string, unknown>>;
  tools?: readonly ProviderTool[];
  /** required: the reply must call a tool. */
  toolMode: 'auto' | 'required';
}

export class ModelOptionError extends Error {
  constructor(
    readonly option: string,
    problem: string,
  ) {
    super(`modelOptions.${option}: ${problem}`);
    this.name = 'ModelOptionError';
  }
}

export class RequiredToolCallError extends Error {
  constructor() {
    super('The model answered without calling a tool, but the request required one.');
    this.name = 'RequiredToolCallError';
  }
}

const NUMBER_OPTIONS = ['temperature', 'top_p', 'presence_penalty', 'frequency_penalty'] as const;
const KNOWN_OPTIONS = [...NUMBER_OPTIONS, 'max_completion_tokens', 'max_tokens', 'stop', 'thinking'];

interface TakenOptions {
  extra: Partial<Pick<ChatRequest, (typeof NUMBER_OPTIONS)[number] | 'stop'>>;
  maxCompletionTokens: number | undefined;
  thinking: boolean | undefined;
}

/**
 * VS Code's chat adds options of its own to every request (`_capturingTokenCorrelationId`,
 * `_otelTraceContext`, `_conversationId`, …), named with a leading underscore; none is meant for the
 * service. Of those only `_enableThinking` (the thinking switch of VS Code's model picker) says something
 * the service can do.
 */
const VSCODE_OPTION_PREFIX = '_';
const VSCODE_THINKING_OPTION = '_enableThinking';

/** The options the service knows, checked for type here and for range by the request validation. */
export function takeModelOptions(options: Readonly<Record<string, unknown>> = {}): TakenOptions {
  const taken: TakenOptions = { extra: {}, maxCompletionTokens: undefined, thinking: undefined };
  let vsCodeThinking: boolean | undefined;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key.startsWith(VSCODE_OPTION_PREFIX)) {
      if (key === VSCODE_THINKING_OPTION && typeof value === 'boolean') vsCodeThinking = value;
    } else if ((NUMBER_OPTIONS as readonly string[]).includes(key)) {
      if (typeof value !== 'number') throw new ModelOptionError(key, `must be a number, got ${JSON.stringify(value)}`);
      taken.extra[key as (typeof NUMBER_OPTIONS)[number]] = value;
    } else if (key === 'max_completion_tokens' || key === 'max_tokens') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new ModelOptionError(key, `must be a whole number of tokens above 0, got ${JSON.stringify(value)}`);
      taken.maxCompletionTokens = value;
    } else if (key === 'stop') {
      if (typeof value !== 'string' && !(Array.isArray(value) && value.every((s) => typeof s === 'string'))) throw new ModelOptionError(key, 'must be a string or a list of strings');
      taken.extra.stop = value as string | string[];
    } else if (key === 'thinking') {
      if (typeof value === 'boolean') taken.thinking = value;
      else if (typeof value === 'object' && value !== null && 'type' in value && (value.type === 'enabled' || value.type === 'disabled')) taken.thinking = value.type === 'enabled';
      else throw new ModelOptionError(key, 'must be true, false, {"type":"enabled"} or {"type":"disabled"}');
    } else {
      throw new ModelOptionError(key, `is not an option the service knows; allowed: ${KNOWN_OPTIONS.join(', ')} (options starting with "_" are VS Code's own and ignored)`);
    }
  }
  // An explicit `thinking` is the caller's own choice; VS Code's switch applies only without it.
  taken.thinking ??= vsCodeThinking;
  return taken;
}

export interface LanguageModelChatOptions {
  client: () => Promise<LanguageModelClient>;
  reasoning: ReasoningStore;
  /** The cache key and safety identifier; the caller's request chooses the model and its options, not the user's settings. */
  identity: Pick<RequestIdentity, 'promptCacheKey' | 'safetyIdentifier'>;
  log: { info(message: string): void };
}

const TOKEN_COUNT_CACHE = 500;

export class LanguageModelChat {
  private readonly counts = new Map<string, number>();

  constructor(private readonly options: LanguageModelChatOptions) {}

  /** The request as it will be sent; nothing is sent when it is refused. */
  async buildRequest(request: LanguageModelRequest): Promise<ChatRequest> {
    const info = modelInfo(request.model);
    const taken = takeModelOptions(request.modelOptions);
    const mapped = toChatMessages(request.messages, (ids) => this.options.reasoning.recall(ids));
    const { withoutReasoning } = mapped;
    let { messages } = mapped;
    let thinking = info !== undefined && isThinkingOn(info, taken.thinking === undefined ? undefined : { type: taken.thinking ? 'enabled' : 'disabled' });
    if (thinking && withoutReasoning > 0) {
      // The reasoning of these calls is gone (another provider's history, or evicted): a switchable
      // model answers this request without thinking; one that always thinks gets an empty reasoning.
      if (info?.thinking === 'optional') thinking = false;
      else messages = withEmptyReasoning(messages);
      this.options.log.info(`${withoutReasoning} tool-call message(s) came back without their reasoning; ${info?.thinking === 'optional' ? 'thinking is off for this request' : 'sent with an empty reasoning'}.`);
    }
    // No limit given: buildChatRequest gives a thinking model room to answer (completionTokenCap).
    const safetyIdentifier = this.options.identity.safetyIdentifier();
    const settings: RequestSettings = {
      model: request.model,
      thinking,
      jsonMode: false,
      choiceCount: 1,
      ...(taken.maxCompletionTokens !== undefined ? { maxCompletionTokens: taken.maxCompletionTokens } : {}),
      ...(safetyIdentifier !== undefined ? { safetyIdentifier } : {}),
    };
    const tools: ToolDefinition[] = (request.tools ?? []).map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: (tool.inputSchema as ToolDefinition['function']['parameters']) ?? { type: 'object', properties: {} } },
    }));
    const built = { ...buildChatRequest(messages, settings, await this.options.identity.promptCacheKey(), tools), ...taken.extra };
    validateChatRequest(built);
    return built;
  }

  /** Streams the reply: text as it arrives, then each tool call; resolves when the reply ended. */
  async respond(request: LanguageModelRequest, report: (part: ProviderResponsePart) => void, signal: AbortSignal): Promise<void> {
    const built = await this.buildRequest(request);
    const client = await this.options.client();
    const accumulator = new ChatStreamAccumulator();
    for await (const chunk of client.chatStream(built, { signal })) {
      accumulator.push(chunk);
      const text = chunk.choices.find((c) => c.index === 0)?.delta.content;
      if (text) report({ kind: 'text', text });
    }
    const message = accumulator.result().choices.find((c) => c.index === 0)?.message;
    const calls = message?.tool_calls ?? [];
    if (calls.length === 0) {
      if (request.toolMode === 'required') throw new RequiredToolCallError();
      return;
    }
    const parts = calls.map((call, i) => toolCallPart(call, i));
    await this.options.reasoning.remember(
      calls.map((c) => c.id),
      message?.reasoning_content ?? '',
    );
    for (const part of parts) report(part);
  }

  /** The service's estimate where the model allows it, else a local count; cached per model and text. */
  async countTokens(model: string, text: string): Promise<number> {
    const key = `${model}\u0000${text}`;
    const cached = this.counts.get(key);
    if (cached !== undefined) return cached;
    const estimate = await estimateRequestTokens(await this.options.client(), { model, messages: [{ role: 'user', content: text }] });
    if (this.counts.size >= TOKEN_COUNT_CACHE) this.counts.delete(this.counts.keys().next().value as string);
    this.counts.set(key, estimate.tokens);
    return estimate.tokens;
  }
}
