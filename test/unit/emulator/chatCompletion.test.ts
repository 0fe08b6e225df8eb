// Non-streamed chat completions: shapes, thinking, finish reasons, n, stop, JSON mode, usage,
// prompt caching, determinism and balance, over raw HTTP.
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ChatCompletion } from '../../../src/api/schemas';
import { perSuite } from '../../support/suiteHooks';
import { call, chat, completionOf, startKeyedBed, user } from './rawRequests';

describe('emulator chat completions', () => {
  const h = perSuite(startKeyedBed);

  it('answers in the spec\'s completion shape', async () => {
    const res = await chat(h, { model: 'svc-v1-32k', messages: [user('Reply with exactly "pong"')] });
    assert.equal(res.status, 200);
    const c = completionOf(res);
    assert.equal(c.object, 'chat.completion');
    assert.match(c.id, /^chatcmpl-/);
    assert.equal(c.model, 'svc-v1-32k');
    assert.ok(Number.isInteger(c.created));
    assert.equal(c.choices.length, 1);
    assert.deepEqual(c.choices[0]!.message, { role: 'assistant', content: 'pong' });
    assert.equal(c.choices[0]!.finish_reason, 'stop');
    assert.equal(c.usage!.completion_tokens, encode('pong').length);
    assert.equal(c.usage!.total_tokens, c.usage!.prompt_tokens + c.usage!.completion_tokens);
    assert.equal(c.usage!.cached_tokens, undefined, 'v1 models do not report caching');
  });

  it('gives reasoning_content for thinking models, and none for svc-k2.5 with thinking disabled', async () => {
    for (const model of ['svc-k2-thinking', 'svc-k2-thinking-turbo', 'svc-k2.5']) {
      const c = completionOf(await chat(h, { model, messages: [user('Reply with exactly "OK"')] }));
      assert.equal(c.choices[0]!.message.content, 'OK', model);
      assert.ok((c.choices[0]!.message.reasoning_content ?? '').length > 0, `${model} reasons`);
      assert.equal(c.usage!.completion_tokens_details!.reasoning_tokens, encode(c.choices[0]!.message.reasoning_content!).length);
    }
    const off = completionOf(await chat(h, { model: 'svc-k2.5', thinking: { type: 'disabled' }, messages: [user('Reply with exactly "OK"')] }));
    assert.equal(off.choices[0]!.message.reasoning_content, undefined);
    const plain = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', messages: [user('Reply with exactly "OK"')] }));
    assert.equal(plain.choices[0]!.message.reasoning_content, undefined);
  });

  it('is deterministic: same input, same output', async () => {
    const body = { model: 'svc-k2-thinking', messages: [user('Explain this:\n```ts\n// Adds.\nexport function add(a: number, b: number) { return a + b; }\n```')] };
    const a = completionOf(await chat(h, body));
    const b = completionOf(await chat(h, body));
    assert.deepEqual(a.choices, b.choices);
    assert.deepEqual(a.usage, b.usage);
  });

  it('stops at max_completion_tokens with finish_reason length, counting reasoning and content together', async () => {
    const full = completionOf(await chat(h, { model: 'svc-k2-thinking', messages: [user('hello there, how are you today?')] }));
    const reasoning = full.usage!.completion_tokens_details!.reasoning_tokens!;
    const cap = reasoning + 3;
    const c = completionOf(await chat(h, { model: 'svc-k2-thinking', max_completion_tokens: cap, messages: [user('hello there, how are you today?')] }));
    assert.equal(c.choices[0]!.finish_reason, 'length');
    assert.equal(c.usage!.completion_tokens, cap);
    assert.equal(encode(c.choices[0]!.message.content as string).length, 3);
    assert.ok((full.choices[0]!.message.content as string).startsWith(c.choices[0]!.message.content as string));
    const tiny = completionOf(await chat(h, { model: 'svc-k2-thinking', max_tokens: 2, messages: [user('hello there')] }));
    assert.equal(tiny.choices[0]!.finish_reason, 'length');
    assert.equal(tiny.choices[0]!.message.content, '');
    assert.equal(encode(tiny.choices[0]!.message.reasoning_content!).length, 2);
  });

  it('halts on a stop sequence without emitting it', async () => {
    const c = completionOf(await chat(h, { model: 'svc-v1-8k', stop: ['beta', 'zzz'], messages: [user('Reply with exactly "alpha beta gamma"')] }));
    assert.equal(c.choices[0]!.message.content, 'alpha ');
    assert.equal(c.choices[0]!.finish_reason, 'stop');
  });

  it('returns n distinct, indexed choices with usage summed', async () => {
    const c = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', n: 3, temperature: 0.8, messages: [user('Reply with exactly "hi"')] }));
    assert.deepEqual(c.choices.map((x) => x.index), [0, 1, 2]);
    assert.equal(new Set(c.choices.map((x) => x.message.content)).size, 3);
    const sum = c.choices.reduce((s, x) => s + encode(x.message.content as string).length, 0);
    assert.equal(c.usage!.completion_tokens, sum);
  });

  it('returns valid JSON in JSON mode', async () => {
    const c = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', response_format: { type: 'json_object' }, messages: [user('Describe a cat as JSON with a field "answer".')] }));
    const parsed = JSON.parse(c.choices[0]!.message.content as string) as { answer: string };
    assert.equal(typeof parsed.answer, 'string');
  });

  it('reports cached_tokens for a repeated prefix under the same prompt_cache_key', async () => {
    const first = [user('You are helpful. '.repeat(30)), user('first question')];
    const a = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', prompt_cache_key: 'task-1', messages: first }));
    assert.equal(a.usage!.cached_tokens, 0);
    assert.deepEqual(a.usage!.prompt_tokens_details, { cached_tokens: 0 });
    const second = [...first, { role: 'assistant', content: a.choices[0]!.message.content }, user('second question')];
    const b = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', prompt_cache_key: 'task-1', messages: second }));
    assert.ok(b.usage!.cached_tokens! > 100, `cached ${b.usage!.cached_tokens}`);
    assert.ok(b.usage!.cached_tokens! < b.usage!.prompt_tokens);
    assert.equal(b.usage!.prompt_tokens_details!.cached_tokens, b.usage!.cached_tokens);
    const otherKey = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', prompt_cache_key: 'task-2', messages: second }));
    assert.equal(otherKey.usage!.cached_tokens, 0, 'a different prompt_cache_key shares nothing');
  });

  describe('prompt caching over a multi-step tool conversation', () => {
    const tools = [{ type: 'function', function: { name: 'quickjs', description: 'Runs JavaScript', parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } } }];
    /** Step s of an agent task: a thinking tool call and its (long) result, as an agent loop sends them back. */
    const stepMessages = (s: number) => [
      {
        role: 'assistant',
        content: '',
        reasoning_content: `Step ${s}: I compute the next table.`,
        tool_calls: [{ id: `call_${s}_${'x'.repeat(40)}`, type: 'function', function: { name: 'quickjs', arguments: JSON.stringify({ code: `Array.from({ length: ${s + 3} }, (_, i) => i * ${s}).join(' ')` }) } }],
      },
      { role: 'tool', tool_call_id: `call_${s}_${'x'.repeat(40)}`, name: 'quickjs', content: Array.from({ length: 60 }, (_, i) => `row ${i}: ${i * s}`).join('\n') },
    ];
    const ask = async (messages: unknown[], key: string) =>
      completionOf(await chat(h, { model: 'svc-k2-thinking', tools, prompt_cache_key: key, messages })).usage!;

    it('never reports more cached than prompt tokens, and the cache grows step by step', async () => {
      const messages: unknown[] = [{ role: 'system', content: 'You are an agent.' }, user('Tabulate step by step.')];
      const usages: NonNullable<ChatCompletion['usage']>[] = [];
      for (let s = 1; s <= 8; s++) {
        usages.push(await ask(messages, 'agent-steps'));
        messages.push(...stepMessages(s));
      }
      usages.forEach((u, i) => {
        assert.ok(u.cached_tokens! <= u.prompt_tokens, `step ${i + 1}: cached ${u.cached_tokens} > prompt ${u.prompt_tokens}`);
        assert.equal(u.prompt_tokens_details!.cached_tokens, u.cached_tokens);
      });
      assert.equal(usages[0]!.cached_tokens, 0);
      for (let i = 1; i < usages.length; i++) {
        const previous = usages[i - 1]!;
        const current = usages[i]!;
        assert.ok(current.cached_tokens! > previous.cached_tokens!, `cached grows: ${usages.map((u) => u.cached_tokens).join(', ')}`);
        // Everything the previous prompt held is cached except its reply primer (the 3 tokens that open the answer).
        assert.equal(current.cached_tokens, previous.prompt_tokens - 3, `step ${i + 1}`);
      }
      const totalCached = usages.reduce((sum, u) => sum + u.cached_tokens!, 0);
      const totalPrompt = usages.reduce((sum, u) => sum + u.prompt_tokens, 0);
      assert.ok(totalCached < totalPrompt, `${totalCached} cached of ${totalPrompt} prompt tokens`);
    });

    it('caches the whole prompt of an identical repeat, and nothing under another prompt_cache_key', async () => {
      const messages = [user('Tabulate step by step.'), ...stepMessages(1), ...stepMessages(2)];
      const first = await ask(messages, 'repeat-a');
      const again = await ask(messages, 'repeat-a');
      assert.equal(first.cached_tokens, 0);
      assert.equal(again.prompt_tokens, first.prompt_tokens);
      assert.equal(again.cached_tokens, again.prompt_tokens);
      const other = await ask(messages, 'repeat-b');
      assert.equal(other.cached_tokens, 0, 'a different prompt_cache_key shares nothing');
      const shorter = await ask(messages.slice(0, 3), 'repeat-a');
      assert.ok(shorter.cached_tokens! < shorter.prompt_tokens && shorter.cached_tokens! > 0, `a shared prefix, cached ${shorter.cached_tokens} of ${shorter.prompt_tokens}`);
    });

    it('counts the prompt of a tool conversation exactly like the estimate endpoint', async () => {
      const messages = [user('Tabulate step by step.'), ...stepMessages(1)];
      const usage = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', tools, messages })).usage!;
      const e = await call<{ data: { total_tokens: number } }>(h, 'POST', '/tokenizers/estimate-token-count', { model: 'svc-k2-turbo-preview', tools, messages });
      assert.equal(e.body.data.total_tokens, usage.prompt_tokens);
    });
  });

  it('counts prompt tokens exactly like the estimate endpoint', async () => {
    const messages = [{ role: 'system', content: 'Be brief.' }, user('How long is this prompt in tokens?')];
    const c = completionOf(await chat(h, { model: 'svc-v1-8k', messages }));
    const e = await call<{ data: { total_tokens: number } }>(h, 'POST', '/tokenizers/estimate-token-count', { model: 'svc-v1-8k', messages });
    assert.equal(e.body.data.total_tokens, c.usage!.prompt_tokens);
  });

  it('lowers the balance by the tokens used at the configured price', async () => {
    const priced = await startKeyedBed({ balance: 10, voucherBalance: 1, price: 1000 });
    try {
      const before = await call<{ data: { available_balance: number; voucher_balance: number; cash_balance: number } }>(priced, 'GET', '/users/me/balance');
      assert.deepEqual(before.body.data, { available_balance: 11, voucher_balance: 1, cash_balance: 10 });
      const c = completionOf(await chat(priced, { model: 'svc-v1-8k', messages: [user('hello')] }));
      const after = await call<{ code: number; status: boolean; scode: string; data: { available_balance: number; voucher_balance: number } }>(priced, 'GET', '/users/me/balance');
      const spent = (c.usage!.total_tokens * 1000) / 1e6;
      assert.equal(after.body.code, 0);
      assert.equal(after.body.status, true);
      assert.equal(typeof after.body.scode, 'string');
      assert.ok(Math.abs(after.body.data.available_balance - (11 - spent)) < 1e-6);
      assert.ok(Math.abs(after.body.data.voucher_balance - (1 - spent)) < 1e-6, 'vouchers are spent first');
    } finally {
      await priced.close();
    }
  });

  it('keeps available_balance equal to the voucher balance when cash is negative', async () => {
    const owing = await startKeyedBed({ balance: -5, voucherBalance: 2 });
    try {
      const res = await call<{ data: { available_balance: number; voucher_balance: number; cash_balance: number } }>(owing, 'GET', '/users/me/balance');
      assert.deepEqual(res.body.data, { available_balance: 2, voucher_balance: 2, cash_balance: -5 });
      assert.equal((await chat(owing, { model: 'svc-v1-8k', messages: [user('hi')] })).status, 200);
    } finally {
      await owing.close();
    }
  });
});
