// POST /tokenizers/estimate-token-count: the same count as the prompt_tokens of a chat request.
import { modelInfo } from '../api/models';
import * as z from 'zod';
import { TokenEstimateRequestSchema, ToolDefinitionSchema } from '../api/schemas';
import { invalidRequest, ServiceError } from './errors';
import type { Exchange } from './exchange';
import { countPromptTokens } from './tokenizer';

export function handleTokenEstimate(ex: Exchange): void {
  const body = ex.json();
  const parsed = TokenEstimateRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest(`${issue.path.map(String).join('.') || 'body'}: ${issue.message}`);
  }
  const model = modelInfo(parsed.data.model);
  if (!model) throw new ServiceError(404, 'resource_not_found_error', `Not found the model ${parsed.data.model} or Permission denied`);
  if (!model.estimateSupported) {
    throw invalidRequest(`model ${model.id} is not supported by the token estimate endpoint (the thinking models svc-k2-thinking and svc-k2-thinking-turbo are not)`);
  }
  if (parsed.data.messages.length === 0) throw invalidRequest('messages must not be empty');
  const tools = z.array(ToolDefinitionSchema).optional().safeParse((body as { tools?: unknown }).tools);
  if (!tools.success) throw invalidRequest(`tools: ${tools.error.issues[0]!.message}`);
  ex.sendJson(200, { data: { total_tokens: countPromptTokens(parsed.data.messages, tools.data) } });
}
