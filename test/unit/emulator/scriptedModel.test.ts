// The scripted model over raw HTTP: scenario files, structural summaries of pasted and attached
// text, tool calls for what a tool can do and answers from tool results.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ChatCompletion } from '../../../src/api/schemas';
import { startEmulator } from '../../../src/emulator/index';
import { tempDir } from '../../support/emulatorTestBed';
import { perSuite } from '../../support/suiteHooks';
import { chat, completionOf, startKeyedBed, user } from './rawRequests';

const fn = (name: string, properties: Record<string, { type: string; description: string }>, required: string[]) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties, required } },
});
const quickjs = fn('quickjs', { code: { type: 'string', description: 'JS' } }, ['code']);
const codeRunner = fn('code_runner', { code: { type: 'string', description: 'Python' } }, ['code']);
const fetchTool = fn('fetch', { url: { type: 'string', description: 'URL' } }, ['url']);
const convert = fn('convert', { value: { type: 'number', description: 'v' }, from: { type: 'string', description: 'f' }, to: { type: 'string', description: 't' } }, ['value', 'from', 'to']);
const search = fn('web_search', { query: { type: 'string', description: 'q' } }, ['query']);

function firstCall(c: ChatCompletion): { name: string; args: unknown } {
  const call = c.choices[0]!.message.tool_calls![0]!;
  return { name: call.function.name, args: JSON.parse(call.function.arguments) };
}

describe('emulator scripted model', () => {
  const h = perSuite(() =>
    startKeyedBed({
      scenarios: {
        scenarios: [
          { name: 'weather', match: { lastUserText: 'weather in paris', hasTools: true, lastIsToolResult: false }, reply: { reasoning: 'Need the weather tool.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] } },
          { name: 'weather-answer', match: { lastIsToolResult: true, lastUserText: 'weather in paris' }, reply: { content: 'Paris: {{lastToolResult}}' } },
          { match: { lastUserTextRegex: '^ping( \\d+)?$', model: 'svc-v1-8k' }, reply: { content: 'pong to "{{lastUserText}}"' } },
        ],
      },
    }),
  );

  it('follows a scenario through a tool call and the answer built from the tool result', async () => {
    const weather = fn('get_weather', { city: { type: 'string', description: 'city' } }, ['city']);
    const first = completionOf(await chat(h, { model: 'svc-k2-thinking', tools: [weather], messages: [user('What is the weather in Paris?')] }));
    assert.equal(first.choices[0]!.finish_reason, 'tool_calls');
    assert.equal(first.choices[0]!.message.reasoning_content, 'Need the weather tool.');
    assert.deepEqual(firstCall(first), { name: 'get_weather', args: { city: 'Paris' } });
    const callMsg = first.choices[0]!.message;
    const second = completionOf(await chat(h, {
      model: 'svc-k2-thinking',
      tools: [weather],
      messages: [user('What is the weather in Paris?'), callMsg, { role: 'tool', tool_call_id: callMsg.tool_calls![0]!.id, content: '18°C, sunny' }],
    }));
    assert.equal(second.choices[0]!.message.content, 'Paris: 18°C, sunny');
    assert.equal(second.choices[0]!.finish_reason, 'stop');
  });

  it('matches on regex and model, and fills {{lastUserText}}', async () => {
    assert.equal(completionOf(await chat(h, { model: 'svc-v1-8k', messages: [user('ping 42')] })).choices[0]!.message.content, 'pong to "ping 42"');
    assert.notEqual(completionOf(await chat(h, { model: 'svc-v1-32k', messages: [user('ping 42')] })).choices[0]!.message.content, 'pong to "ping 42"');
  });

  it('loads scenarios from a JSON file and rejects a malformed one with the field at fault', async () => {
    const dir = tempDir();
    try {
      const file = path.join(dir, 'scenarios.json');
      fs.writeFileSync(file, JSON.stringify([{ match: { lastUserText: 'hello' }, reply: { content: 'from file' } }]));
      const h2 = await startKeyedBed({ scenarios: file });
      try {
        assert.equal(completionOf(await chat(h2, { model: 'svc-v1-8k', messages: [user('hello!')] })).choices[0]!.message.content, 'from file');
      } finally {
        await h2.close();
      }
      fs.writeFileSync(file, JSON.stringify({ scenarios: [{ match: { lastUserText: 1 }, reply: { content: 'x' } }] }));
      await assert.rejects(startEmulator({ dataDir: dir, scenarios: file }), /scenarios\.0\.match\.lastUserText: .*expected string/);
      fs.writeFileSync(file, JSON.stringify({ scenarios: [{ match: {}, reply: {} }] }));
      await assert.rejects(startEmulator({ dataDir: dir, scenarios: file }), /a reply needs content or toolCalls/);
      await assert.rejects(startEmulator({ dataDir: dir, scenarios: path.join(dir, 'missing.json') }), /cannot read scenario file/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('telling the steps of an agent task apart', () => {
    const steps = {
      scenarios: [
        { name: 'step 1', match: { lastUserText: 'report', toolStepsSinceUser: 0 }, reply: { toolCalls: [{ name: 'quickjs', arguments: { code: '6 * 7' } }] } },
        { name: 'step 2', match: { lastUserText: 'report', toolStepsSinceUser: 1, lastToolName: 'quickjs' }, reply: { content: 'step 2 after {{toolResult:quickjs}}', toolCalls: [{ name: 'code_runner', arguments: { code: 'print(1)' } }, { name: 'fetch', arguments: { url: 'http://127.0.0.1:9/' } }] } },
        { name: 'step 3, fetch answered last', match: { lastUserText: 'report', toolStepsSinceUser: 2, toolResultsSinceUser: 3, lastToolName: 'fetch' }, reply: { content: 'fetch last: js={{toolResult:quickjs}} py={{toolResult:code_runner}} page={{toolResult:fetch}} none=[{{toolResult:convert}}]' } },
        { name: 'step 3, another order', match: { lastUserText: 'report', toolStepsSinceUser: 2 }, reply: { content: 'step 3, last was another tool' } },
        { name: 'twins, step 1', match: { lastUserText: 'twins', toolStepsSinceUser: 0 }, reply: { toolCalls: [{ name: 'quickjs', arguments: { code: '1' } }, { name: 'quickjs', arguments: { code: '2' } }] } },
        { name: 'twins, step 2', match: { lastUserText: 'twins', toolStepsSinceUser: 1 }, reply: { content: 'all=[{{toolResults:quickjs}}] last=[{{toolResult:quickjs}}] none=[{{toolResults:fetch}}]' } },
      ],
    };
    const hs = perSuite(() => startKeyedBed({ scenarios: steps }));
    const tools = [quickjs, codeRunner, fetchTool];
    const ask = async (messages: unknown[]) => completionOf(await chat(hs, { model: 'svc-k2-turbo-preview', tools, messages })).choices[0]!.message;
    const answer = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });

    it('matches on toolStepsSinceUser, toolResultsSinceUser and lastToolName, and fills {{toolResult:NAME}}', async () => {
      const messages: unknown[] = [user('Write the report')];
      const first = await ask(messages);
      assert.deepEqual(first.tool_calls!.map((c) => c.function.name), ['quickjs']);
      messages.push(first, answer(first.tool_calls![0]!.id, '42'));
      const second = await ask(messages);
      assert.equal(second.content, 'step 2 after 42');
      assert.deepEqual(second.tool_calls!.map((c) => c.function.name), ['code_runner', 'fetch']);
      const [py, page] = second.tool_calls!;
      // The tool messages carry no name: lastToolName comes from the call each answers (tool_call_id).
      const third = await ask([...messages, second, answer(py!.id, '1'), answer(page!.id, '# Page')]);
      assert.equal(third.content, 'fetch last: js=42 py=1 page=# Page none=[]');
      const reordered = await ask([...messages, second, answer(page!.id, '# Page'), answer(py!.id, '1')]);
      assert.equal(reordered.content, 'step 3, last was another tool');
      // A new user message starts the count again.
      const next = await ask([...messages, second, answer(py!.id, '1'), answer(page!.id, '# Page'), { role: 'assistant', content: 'done' }, user('Another report')]);
      assert.deepEqual(next.tool_calls!.map((c) => c.function.name), ['quickjs']);
    });

    it('fills {{toolResults:NAME}} with every result of NAME since the user\'s message, in order', async () => {
      const messages: unknown[] = [user('Run the twins')];
      const first = await ask(messages);
      const [a, b] = first.tool_calls!;
      const second = await ask([...messages, first, answer(b!.id, 'two'), answer(a!.id, 'one')]);
      assert.equal(second.content, 'all=[two\n\none] last=[one] none=[]');
    });

    it('rejects a malformed step matcher with the field at fault', async () => {
      const bad = async (match: Record<string, unknown>) => startEmulator({ dataDir: hs.dataDir, scenarios: [{ match, reply: { content: 'x' } }] as never });
      await assert.rejects(bad({ toolStepsSinceUser: -1 }), /0\.match\.toolStepsSinceUser: a count, 0 or more/);
      await assert.rejects(bad({ toolResultsSinceUser: 1.5 }), /0\.match\.toolResultsSinceUser: a whole number/);
      await assert.rejects(bad({ toolResultsSinceUser: '2' }), /0\.match\.toolResultsSinceUser: .*expected number/);
      await assert.rejects(bad({ lastToolName: 'two words' }), /0\.match\.lastToolName: a function name/);
      await assert.rejects(bad({ lastToolNames: 'quickjs' }), /0\.match: .*lastToolNames/);
    });
  });

  it('summarises pasted code by its real structure', async () => {
    const code = [
      '// Parses and formats money amounts.',
      "import { z } from 'zod';",
      '',
      'export interface Amount {',
      '  cents: number;',
      '}',
      '',
      'export function parseAmount(text: string): Amount {',
      '  return { cents: Math.round(Number(text) * 100) };',
      '}',
      '',
      'export class Formatter {',
      '  format(a: Amount): string { return (a.cents / 100).toFixed(2); }',
      '}',
      'const DEFAULT_CURRENCY = "EUR";',
    ].join('\n');
    const c = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', messages: [user(`Explain this code:\n\`\`\`ts\n${code}\n\`\`\``)] }));
    const text = c.choices[0]!.message.content as string;
    assert.match(text, /TypeScript code of 15 lines/);
    assert.match(text, /It starts by saying: "Parses and formats money amounts\."/);
    assert.match(text, /Top-level declarations \(4\):\n- `interface Amount`\n- `function parseAmount`\n- `class Formatter`\n- `const DEFAULT_CURRENCY`/);
  });

  it('summarises a file attached as a system message in the files-API format', async () => {
    const attached = JSON.stringify({ content: '"""Utilities."""\nimport os\n\ndef walk(root):\n    pass\n\nclass Tree:\n    pass\n', filename: 'tree.py', file_type: 'text/plain', title: '', type: 'file' });
    const c = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', messages: [{ role: 'system', content: attached }, user('What does this file do?')] }));
    const text = c.choices[0]!.message.content as string;
    assert.match(text, /`tree\.py` is Python code of 8 lines/);
    assert.match(text, /"Utilities\."/);
    assert.match(text, /- `def walk`\n- `class Tree`/);
  });

  it('summarises data formats: JSON keys, CSV columns, Markdown headings', async () => {
    const ask = async (body: string) => completionOf(await chat(h, { model: 'svc-v1-8k', messages: [user(`Summarize:\n${body}`)] })).choices[0]!.message.content as string;
    assert.match(await ask('```json\n{"name": "x", "version": 2}\n```'), /a JSON document of 1 line[\s\S]*Top-level keys: name, version/);
    assert.match(await ask('```csv\nid,name,score\n1,a,3\n2,b,4\n```'), /Columns: id, name, score\.\n\n2 data row\(s\)/);
    assert.match(await ask('# Guide\n\n## Install\n\nrun it\n\n## Use\n'), /Headings: Guide \/ Install \/ Use/);
  });

  it('calls an offered tool for a calculation with valid arguments, then answers with its result', async () => {
    const first = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', tools: [quickjs], messages: [user('What is (1234 * 5678) + 9?')] }));
    assert.equal(first.choices[0]!.finish_reason, 'tool_calls');
    assert.equal(first.choices[0]!.message.content, '');
    assert.deepEqual(firstCall(first), { name: 'quickjs', args: { code: '(1234 * 5678) + 9' } });
    const call = first.choices[0]!.message.tool_calls![0]!;
    const second = completionOf(await chat(h, { model: 'svc-k2-turbo-preview', tools: [quickjs], messages: [user('What is (1234 * 5678) + 9?'), first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '7006661' }] }));
    assert.equal(second.choices[0]!.message.content, 'The `quickjs` tool returned: **7006661**');
  });

  it('prefers Python for code_runner calculations and runs pasted code in the right language', async () => {
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools: [codeRunner], messages: [user('compute 2^10 please')] }))), { name: 'code_runner', args: { code: 'print(2**10)' } });
    const py = '```python\nprint(sum(range(10)))\n```';
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools: [quickjs, codeRunner], messages: [user(`Run this:\n${py}`)] }))), { name: 'code_runner', args: { code: 'print(sum(range(10)))\n' } });
    const js = '```js\nconsole.log([1,2,3].length)\n```';
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools: [quickjs, codeRunner], messages: [user(`Run this and show the output:\n${js}`)] }))), { name: 'quickjs', args: { code: 'console.log([1,2,3].length)\n' } });
  });

  it('fetches a URL, converts units and searches with the matching tool', async () => {
    const tools = [fetchTool, convert, search, quickjs];
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools, messages: [user('Summarise https://example.com/docs/page.html.')] }))), { name: 'fetch', args: { url: 'https://example.com/docs/page.html' } });
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools, messages: [user('Convert 12.5 miles to km')] }))), { name: 'convert', args: { value: 12.5, from: 'miles', to: 'km' } });
    assert.deepEqual(firstCall(completionOf(await chat(h, { model: 'svc-v1-8k', tools, messages: [user('Search the web for svc release notes')] }))), { name: 'web_search', args: { query: 'svc release notes' } });
  });

  it('answers without tools when none fits, and describes what it is', async () => {
    const c = completionOf(await chat(h, { model: 'svc-v1-8k', tools: [quickjs], messages: [user('Who wrote Hamlet?')] }));
    assert.equal(c.choices[0]!.finish_reason, 'stop');
    assert.match(c.choices[0]!.message.content as string, /^You asked: "Who wrote Hamlet\?"\n\nI am the local svc emulator/);
    assert.match(completionOf(await chat(h, { model: 'svc-v1-8k', messages: [user('Hello!')] })).choices[0]!.message.content as string, /^Hello! I am the local svc emulator/);
  });
});
