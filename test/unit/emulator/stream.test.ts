// The stream rules 1-4 of the spec and the real fixtures' chunk formats, over raw HTTP.
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { perSuite } from '../../support/suiteHooks';
import { chat, completionOf, startKeyedBed, stream, user } from './rawRequests';

const calcTool = { type: 'function', function: { name: 'quickjs', description: 'Run JavaScript', parameters: { type: 'object', properties: { code: { type: 'string', description: 'code' } }, required: ['code'] } } };

describe('emulator streaming', () => {
  const h = perSuite(startKeyedBed);

  it('rule 1: data lines ending with [DONE]; the first chunk carries role and empty content', async () => {
    const s = await stream(h, { model: 'svc-v1-8k', messages: [user('Reply with exactly "streamed answer here"')] });
    assert.equal(s.status, 200);
    assert.equal(s.events.at(-1), '[DONE]');
    assert.deepEqual(s.chunks[0]!.choices[0]!.delta, { role: 'assistant', content: '' });
    const ids = new Set(s.chunks.map((c) => `${c.id}/${c.created}/${c.model}/${c.object}`));
    assert.equal(ids.size, 1, 'id, created, model are the same across chunks');
    const content = s.chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    assert.equal(content, 'streamed answer here');
    assert.ok(s.chunks.length > 4, 'content arrives in several pieces');
  });

  it('rule 2: reasoning pieces all come before content, then an empty reasoning piece', async () => {
    const s = await stream(h, { model: 'svc-k2-thinking', messages: [user('Reply with exactly "OK"')] });
    const deltas = s.chunks.map((c) => c.choices[0]?.delta).filter((d) => d !== undefined);
    const firstContent = deltas.findIndex((d) => typeof d.content === 'string' && d.content !== '');
    const lastReasoning = deltas.map((d) => d.reasoning_content !== undefined).lastIndexOf(true);
    assert.ok(firstContent > 0 && lastReasoning > 0);
    assert.ok(lastReasoning < firstContent, 'no reasoning after content started');
    assert.equal(deltas[lastReasoning]!.reasoning_content, '', 'the real service closes reasoning with an empty piece');
    const nonStreamed = completionOf(await chat(h, { model: 'svc-k2-thinking', messages: [user('Reply with exactly "OK"')] }));
    assert.equal(deltas.map((d) => d.reasoning_content ?? '').join(''), nonStreamed.choices[0]!.message.reasoning_content);
  });

  it('rule 3: the final chunk carries finish_reason and usage inside the choice; no include_usage chunk by default', async () => {
    const s = await stream(h, { model: 'svc-k2-turbo-preview', messages: [user('Reply with exactly "done"')] });
    const last = s.chunks.at(-1)!;
    assert.equal(last.choices[0]!.finish_reason, 'stop');
    assert.deepEqual(last.choices[0]!.delta, {});
    const usage = last.choices[0]!.usage!;
    assert.equal(usage.completion_tokens, encode('done').length);
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    assert.ok(s.chunks.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null));
    assert.ok(s.chunks.every((c) => c.usage === undefined), 'no top-level usage without include_usage');
  });

  it('rule 4: include_usage adds one chunk with empty choices and whole-request usage; other chunks carry usage null', async () => {
    const s = await stream(h, { model: 'svc-k2-thinking', stream_options: { include_usage: true }, messages: [user('Reply with exactly "OK"')] });
    const last = s.chunks.at(-1)!;
    assert.deepEqual(last.choices, []);
    assert.equal(last.usage!.total_tokens, last.usage!.prompt_tokens + last.usage!.completion_tokens);
    assert.ok(last.usage!.completion_tokens_details!.reasoning_tokens! > 0);
    assert.deepEqual(s.chunks.at(-2)!.choices[0]!.usage, last.usage);
    assert.ok(s.chunks.slice(0, -1).every((c) => c.usage === null));
  });

  it('streams tool calls like the real fixture: index+id+type+name+empty arguments, then argument pieces', async () => {
    const s = await stream(h, { model: 'svc-k2-thinking', tools: [calcTool], messages: [user('What is 12*(3+4)?')] });
    const toolDeltas = s.chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    assert.ok(toolDeltas.length >= 2);
    assert.deepEqual(toolDeltas[0], { index: 0, id: 'quickjs_0', type: 'function', function: { name: 'quickjs', arguments: '' } });
    for (const d of toolDeltas.slice(1)) assert.deepEqual(Object.keys(d).sort(), ['function', 'index']);
    const args = toolDeltas.map((d) => d.function?.arguments ?? '').join('');
    assert.deepEqual(JSON.parse(args), { code: '12*(3+4)' });
    assert.equal(s.chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
  });

  it('on request, streams parallel tool calls without index like the real indexless fixture', async () => {
    const two = await startKeyedBed({
      scenarios: [{ match: { lastUserText: 'both' }, reply: { toolCalls: [{ name: 'weather', arguments: { location: 'San Francisco' } }, { name: 'time', arguments: { zone: 'UTC' } }] } }],
    });
    try {
      const tools = ['weather', 'time'].map((name) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } }));
      const s = await stream(two, { model: 'svc-k2.5', thinking: { type: 'disabled' }, tools, messages: [user('both please')] }, { 'x-svc-fault': 'indexless-tool-calls' });
      const deltas = s.chunks.map((c) => c.choices[0]?.delta.tool_calls).filter((d) => d !== undefined);
      assert.deepEqual(deltas, [
        [{ id: 'weather_0', type: 'function', function: { name: 'weather', arguments: '' } }, { id: 'time_1', type: 'function', function: { name: 'time', arguments: '' } }],
        [{ function: { arguments: '{"location":"San Francisco"}' } }, { function: { arguments: '{"zone":"UTC"}' } }],
      ]);
      assert.equal(s.chunks.at(-1)!.choices[0]!.finish_reason, 'tool_calls');
    } finally {
      await two.close();
    }
  });

  it('streams n choices, each with its own first chunk, pieces and final chunk', async () => {
    const s = await stream(h, { model: 'svc-k2-turbo-preview', n: 2, temperature: 0.9, messages: [user('Reply with exactly "two"')] });
    for (const index of [0, 1]) {
      const mine = s.chunks.filter((c) => c.choices[0]?.index === index);
      assert.deepEqual(mine[0]!.choices[0]!.delta, { role: 'assistant', content: '' });
      assert.equal(mine.at(-1)!.choices[0]!.finish_reason, 'stop');
      assert.ok(mine.map((c) => c.choices[0]!.delta.content ?? '').join('').startsWith('two'));
    }
  });

  it('streams finish_reason length under max_completion_tokens', async () => {
    const s = await stream(h, { model: 'svc-k2-turbo-preview', max_completion_tokens: 5, messages: [user('Tell me everything you know.')] });
    assert.equal(s.chunks.at(-1)!.choices[0]!.finish_reason, 'length');
    assert.equal(s.chunks.at(-1)!.choices[0]!.usage!.completion_tokens, 5);
    assert.equal(encode(s.chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).length, 5);
  });

  it('paces output at --speed tokens per second', async () => {
    const paced = await startKeyedBed({ speed: 100 });
    try {
      const started = Date.now();
      const s = await stream(paced, { model: 'svc-v1-8k', messages: [user('Reply with exactly "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"')] });
      const elapsed = Date.now() - started;
      const tokens = s.chunks.at(-1)!.choices[0]!.usage!.completion_tokens;
      assert.equal(tokens, 20);
      // 20 tokens at 100/s cannot arrive in less than 200 ms (a lower bound, so no timing luck needed).
      assert.ok(elapsed >= 190, `elapsed ${elapsed} ms`);
    } finally {
      await paced.close();
    }
  });
});
