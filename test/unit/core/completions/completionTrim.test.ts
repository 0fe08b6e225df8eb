// What of a reply is shown at the cursor: no fence, no prose, no repetition of the cursor's line or of
// the text after the cursor, no closing bracket the file already has, one line where one was asked.
import assert from 'node:assert/strict';
import { trimCompletion } from '../../../../src/core/completions/completionTrim';

const line = (reply: string, before: string, after: string) => trimCompletion(reply, { before, after, shape: 'single-line' });
const block = (reply: string, before: string, after: string) => trimCompletion(reply, { before, after, shape: 'multi-line' });

describe('trimming a completion', () => {
  it('takes off the text after the cursor that the reply writes again', () => {
    assert.equal(line('a, b);', 'const sum = add(', ');\n'), 'a, b');
    assert.equal(line('name}`;', 'const s = `${', '}`;\n'), 'name');
    assert.equal(line('x + 1', 'return ', ';\n'), 'x + 1', 'nothing to take off');
  });

  it('cuts at a closing bracket the file already has after the cursor', () => {
    assert.equal(line('items.length) > 0', 'if (', ') {\n'), 'items.length');
    assert.equal(line('f(a), g(b))', 'call(', ')\n'), 'f(a), g(b)', 'brackets the completion opens are its own');
    assert.equal(line('")" + x)', 'say(', ')\n'), '")" + x', 'a bracket in a string is text');
  });

  it('shows one line where one was asked, and never an empty one', () => {
    assert.equal(line('first\nsecond', 'const a = ', '\n'), 'first');
    assert.equal(line('\nreturn 1;', 'function f() {\n', '\n}'), 'return 1;');
    assert.equal(line('   ', 'x', ''), undefined);
  });

  it('takes off a code fence, a sentence before the code and the repeated cursor line', () => {
    assert.equal(line('```ts\nb: number): number {\n```', 'function add(a: number, ', ''), 'b: number): number {');
    assert.equal(line("Here's the completion:\nreturn a + b;", '  ', '\n}'), 'return a + b;');
    assert.equal(line('const total = items.length;', 'const total = ', '\n'), 'items.length;');
  });

  it('leaves out, in a block, the lines the file already has after the cursor', () => {
    const after = '\n}\n\nexport function other() {}\n';
    assert.equal(block('  const x = 1;\n  return x;\n}', 'function f() {\n', after), '  const x = 1;\n  return x;');
    assert.equal(block('  return 1;\n}\n', 'function f() {\n', '}\n'), '  return 1;');
  });
});
