// The token-estimate endpoint takes a chat request's model and messages, but it only measures them: the
// conversation rules of a chat turn (answered tool calls, reasoning kept) do not apply, so counting a
// context mid-way through an agent step works. What it does not accept is refused before sending.
import { RequestValidationError, type ValidationIssue } from './errors';
import { MODELS, modelInfo } from './models';
import { type TokenEstimateRequest, TokenEstimateRequestSchema } from './schemas';
import { formatFieldPath } from './validateResponse';

export function validateEstimateRequest(request: unknown): TokenEstimateRequest {
  const parsed = TokenEstimateRequestSchema.safeParse(request);
  if (!parsed.success) {
    throw new RequestValidationError(parsed.error.issues.map((i) => ({ field: formatFieldPath(i.path), message: i.message })));
  }
  const { model, messages } = parsed.data;
  const issues: ValidationIssue[] = [];
  const info = modelInfo(model);
  if (info !== undefined && !info.estimateSupported) {
    const accepted = MODELS.filter((m) => m.estimateSupported).map((m) => m.id).join(', ');
    issues.push({ field: 'model', message: `the token-estimate endpoint does not accept ${model}; it accepts ${accepted}` });
  }
  if (messages.length === 0) issues.push({ field: 'messages', message: 'required, a non-empty list of messages' });
  messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((part, j) => {
      if (part.type === 'video_url') {
        issues.push({ field: `messages[${i}].content[${j}].type`, message: 'the token-estimate endpoint accepts text and image_url parts only' });
      }
    });
  });
  if (issues.length > 0) throw new RequestValidationError(issues);
  return { model, messages };
}
