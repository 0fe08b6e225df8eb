import assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/api/index';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { DuplicateToolError, ToolArgumentsError } from '../../../src/core/tools/toolErrors';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';

const definition: ToolDefinition = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'path' },
        start_line: { type: 'integer', description: 'first line' },
        mode: { type: 'string', description: 'mode', enum: ['text', 'hex'] },
      },
      required: ['path'],
    },
  },
};

function problem(raw: string): string {
  try {
    parseToolArguments(definition, raw);
  } catch (err) {
    assert.ok(err instanceof ToolArgumentsError);
    return err.message;
  }
  assert.fail(`expected ${raw} to be refused`);
}

describe('core/tools parseToolArguments', () => {
  it('keeps the raw string unchanged next to the parsed object', () => {
    const raw = '{ "path" : "a.ts",  "start_line": 3 }';
    const args = parseToolArguments(definition, raw);
    assert.equal(args.raw, raw);
    assert.deepEqual(args.value, { path: 'a.ts', start_line: 3 });
  });

  it('says what is wrong with each kind of malformed arguments', () => {
    assert.match(problem('{"path": "a.ts"'), /^Invalid arguments for read_file: arguments are not valid JSON \(.+\); send one JSON object\.$/);
    assert.match(problem('["a.ts"]'), /must be a JSON object, got array/);
    assert.match(problem('{}'), /missing required field "path"/);
    assert.match(problem('{"path": 7}'), /field "path" must be "string", got integer/);
    assert.match(problem('{"path": "a", "start_line": 1.5}'), /field "start_line" must be "integer", got number/);
    assert.match(problem('{"path": "a", "mode": "bin"}'), /field "mode" must be one of "text", "hex"/);
  });

  it('treats empty arguments as an empty object (then required fields decide)', () => {
    assert.match(problem(''), /missing required field "path"/);
  });
});

describe('core/tools ToolRegistry', () => {
  const tool = (name: string): Tool => ({
    definition: { type: 'function', function: { name, parameters: { type: 'object' } } },
    origin: { kind: 'workspace' },
    traits: toolTraits({}),
    display: STAND_IN_DISPLAY,
    run: async () => ({ status: 'done', content: name }),
  });

  it('refuses two tools with one function name (the service answers 401 for that)', () => {
    const registry = new ToolRegistry([tool('a')]);
    assert.throws(() => registry.add(tool('a')), DuplicateToolError);
    registry.add(tool('b'));
    assert.deepEqual(registry.names(), ['a', 'b']);
    assert.equal(registry.definitions().length, 2);
  });
});
