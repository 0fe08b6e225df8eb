// POST /chat/completions: rules, media references, faults, quota and limits, then the scripted
// model's answer as a completion or a stream.
import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../api/schemas';
import type { Account } from './auth';
import { checkTokenLimits, validateChatBody } from './chatRules';
import { buildChoice, usageOf } from './completion';
import type { EmulatorContext } from './context';
import { invalidRequest } from './errors';
import type { Exchange } from './exchange';
import { FAULT_HEADER, faultError } from './faults';
import { writeStream } from './streamWriter';
import { promptTokenSequence } from './tokenizer';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Models of the k2 family report automatic prompt caching (cached_tokens); v1 models do not. */
function supportsCaching(modelId: string): boolean {
  return modelId.startsWith('svc-k2');
}

function checkMediaReferences(ctx: EmulatorContext, account: Account, messages: readonly ChatMessage[]): void {
  messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((part, j) => {
      if (part.type === 'text') return;
      const url = part.type === 'image_url' ? part.image_url.url : part.video_url.url;
      if (!url.startsWith('ms://')) return;
      const kind = part.type === 'image_url' ? 'image' : 'video';
      const file = ctx.files.get(account, url.slice('ms://'.length), `messages[${i}].content[${j}].${part.type}.url`);
      if (file.purpose !== kind) {
        throw invalidRequest(`messages[${i}].content[${j}] references ${url}, uploaded with purpose ${file.purpose}; an ${part.type} part needs a file uploaded with purpose ${kind}`);
      }
    });
  });
}

export async function handleChatCompletion(ctx: EmulatorContext, ex: Exchange, account: Account): Promise<void> {
  const faults = ctx.faults.planChat(ex.header(FAULT_HEADER));
  const valid = validateChatBody(ex.json());
  const { request, model } = valid;
  checkMediaReferences(ctx, account, request.messages);
  // One sequence for both counts: cached_tokens is a prefix of exactly what prompt_tokens counts.
  const prompt = promptTokenSequence(request.messages, request.tools);
  const promptTokens = prompt.length;
  const cap = checkTokenLimits(valid, promptTokens);
  ctx.balances.checkCanSpend(account, promptTokens);
  const injected = faultError(faults, account);
  if (injected) {
    if (faults.slowFirstByteMs > 0) await sleep(faults.slowFirstByteMs);
    throw injected;
  }
  const release = ctx.limits.admit(account, promptTokens);
  try {
    const reply = ctx.model.reply({ model: model.id, messages: request.messages, tools: request.tools, thinking: valid.thinking, jsonMode: valid.jsonMode });
    const choices = Array.from({ length: valid.n }, (_, i) => buildChoice(reply, i, valid.n, valid.stop, cap));
    const cached = supportsCaching(model.id)
      ? request.prompt_cache_key
        ? ctx.cache.lookupAndStore(account.id, request.prompt_cache_key, prompt)
        : 0
      : undefined;
    const usageFor = (completionTokens: number, reasoningTokens: number) =>
      usageOf({ promptTokens, completionTokens, reasoningTokens, cachedTokens: cached, thinking: valid.thinking });
    const totalUsage = usageFor(
      choices.reduce((s, c) => s + c.completionTokens, 0),
      choices.reduce((s, c) => s + c.reasoningTokens, 0),
    );
    ctx.limits.recordTokens(account, totalUsage.total_tokens);
    ctx.balances.charge(account, ctx.balances.cost(totalUsage.total_tokens));
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    if (faults.slowFirstByteMs > 0) await sleep(faults.slowFirstByteMs);
    if (valid.stream) {
      await writeStream(ex, {
        id,
        created,
        model: model.id,
        choices,
        choiceUsage: choices.map((c) => usageFor(c.completionTokens, c.reasoningTokens)),
        totalUsage,
        includeUsage: valid.includeUsage,
        speed: ctx.speed,
        faults,
      });
      return;
    }
    ex.sendJson(200, {
      id,
      object: 'chat.completion',
      created,
      model: model.id,
      choices: choices.map((c) => ({
        index: c.index,
        message: {
          role: 'assistant',
          content: c.content,
          ...(c.reasoning !== undefined ? { reasoning_content: c.reasoning } : {}),
          ...(c.toolCalls.length > 0
            ? { tool_calls: c.toolCalls.map((t) => ({ id: t.id, type: 'function', function: { name: t.name, arguments: t.arguments } })) }
            : {}),
        },
        finish_reason: c.finishReason,
      })),
      usage: totalUsage,
    });
  } finally {
    release();
  }
}
