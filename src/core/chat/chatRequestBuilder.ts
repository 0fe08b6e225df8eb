// The chat request for the next reply, of the chat and of each agent step: the messages plus the
// user's request settings and the tools offered. It sets only what the user chose, and leaves the rest
// to the model's defaults (but for the reply's length, which a thinking model needs more of than the
// service gives by default), so the client's validation sees exactly what will be sent.
import { modelInfo, type ChatMessage, type ChatRequest, type ToolDefinition } from '../../api/index';
import { completionTokenCap } from '../requests/completionTokenCap';
import type { RequestSettings } from '../requests/requestSettings';

export function buildChatRequest(messages: ChatMessage[], settings: RequestSettings, cacheKey: string, tools: ToolDefinition[] = []): ChatRequest {
  const info = modelInfo(settings.model);
  const request: ChatRequest = {
    model: settings.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    // One key per workspace (see ChatSessionOptions.promptCacheKey) groups the requests for the
    // service's prompt cache: the same system prompt and files recur across its conversations.
    prompt_cache_key: cacheKey,
  };
  if (info?.thinking === 'optional') request.thinking = { type: settings.thinking ? 'enabled' : 'disabled' };
  if (settings.jsonMode) request.response_format = { type: 'json_object' };
  if (settings.choiceCount !== 1) request.n = settings.choiceCount;
  if (settings.temperature !== undefined && info?.fixed.temperature === undefined) request.temperature = settings.temperature;
  const maxCompletionTokens = completionTokenCap(settings);
  if (maxCompletionTokens !== undefined) request.max_completion_tokens = maxCompletionTokens;
  if (settings.safetyIdentifier !== undefined) request.safety_identifier = settings.safetyIdentifier;
  if (tools.length > 0) request.tools = tools;
  return request;
}
