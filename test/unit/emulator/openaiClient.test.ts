// The official `openai` npm package, unchanged, against the emulator: chat, streaming with tool
// calls, models, and file upload/list/content/delete.
import assert from 'node:assert/strict';
import OpenAI, { toFile } from 'openai';
import { perSuite } from '../../support/suiteHooks';
import { KEY, startKeyedBed } from './rawRequests';

describe('emulator driven by the official openai package', () => {
  const h = perSuite(startKeyedBed);
  let client: OpenAI;
  before(() => {
    client = new OpenAI({ apiKey: KEY, baseURL: h.url, maxRetries: 0 });
  });

  it('chats', async () => {
    const c = await client.chat.completions.create({ model: 'svc-k2-turbo-preview', messages: [{ role: 'user', content: 'Reply with exactly "hello from openai"' }] });
    assert.equal(c.choices[0]!.message.content, 'hello from openai');
    assert.equal(c.choices[0]!.finish_reason, 'stop');
    assert.ok(c.usage!.total_tokens > 0);
  });

  it('streams a tool call, runs the formula, and streams the answer', async () => {
    const tools = (await (await fetch(`${h.url}/formulas/svc/quickjs:latest/tools`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { tools: OpenAI.Chat.ChatCompletionTool[] };
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What is 6*7+0.5?' }];
    const first = await client.chat.completions.create({ model: 'svc-k2.5', messages, tools: tools.tools, stream: true, stream_options: { include_usage: true } });
    const calls: { id: string; name: string; arguments: string }[] = [];
    let finish: string | null = null;
    let usageSeen = false;
    for await (const chunk of first) {
      if (chunk.usage && chunk.choices.length === 0) usageSeen = true;
      for (const choice of chunk.choices) {
        for (const d of choice.delta.tool_calls ?? []) {
          const at = d.index;
          calls[at] ??= { id: '', name: '', arguments: '' };
          if (d.id) calls[at]!.id = d.id;
          if (d.function?.name) calls[at]!.name = d.function.name;
          calls[at]!.arguments += d.function?.arguments ?? '';
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
    }
    assert.equal(finish, 'tool_calls');
    assert.ok(usageSeen);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.name, 'quickjs');
    const fiber = (await (await fetch(`${h.url}/formulas/svc/quickjs:latest/fibers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: calls[0]!.name, arguments: calls[0]!.arguments }),
    })).json()) as { status: string; context: { output: string } };
    assert.equal(fiber.status, 'succeeded');
    assert.equal(fiber.context.output, '42.5');
    messages.push({ role: 'assistant', content: '', tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) });
    messages.push({ role: 'tool', tool_call_id: calls[0]!.id, content: fiber.context.output });
    const second = await client.chat.completions.create({ model: 'svc-k2.5', messages, tools: tools.tools, stream: true });
    let text = '';
    for await (const chunk of second) text += chunk.choices[0]?.delta.content ?? '';
    assert.equal(text, 'The `quickjs` tool returned: **42.5**');
  });

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    assert.ok(ids.includes('svc-k2.5') && ids.includes('svc-v1-8k'));
  });

  it('uploads, lists, reads and deletes files', async () => {
    const file = await client.files.create({ file: await toFile(Buffer.from('# Notes\n\nfirst\n'), 'notes.md'), purpose: 'file-extract' as OpenAI.FilePurpose });
    assert.equal(file.filename, 'notes.md');
    assert.equal(file.bytes, 15);
    const listed: string[] = [];
    for await (const f of client.files.list()) listed.push(f.id);
    assert.ok(listed.includes(file.id));
    const content = (await (await client.files.content(file.id)).json()) as { content: string };
    assert.equal(content.content, '# Notes\n\nfirst\n');
    const deleted = await client.files.delete(file.id);
    assert.equal(deleted.deleted, true);
    await assert.rejects(client.files.retrieve(file.id), (e: unknown) => e instanceof OpenAI.NotFoundError);
  });

  it('surfaces the spec\'s errors as the package\'s typed errors', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'svc-nope', messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => e instanceof OpenAI.NotFoundError && /Not found the model svc-nope/.test(e.message),
    );
    const bad = new OpenAI({ apiKey: 'sk-bad', baseURL: h.url, maxRetries: 0 });
    await assert.rejects(bad.models.list(), (e: unknown) => e instanceof OpenAI.AuthenticationError);
  });
});
