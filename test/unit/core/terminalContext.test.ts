// Terminal text for the chat: what the terminal showed (escapes and redrawn progress lines resolved),
// capped from the end, as a fenced block that the output cannot close.
import assert from 'node:assert/strict';
import { capOutput, commandContext, OUTPUT_CHAR_CAP, OUTPUT_LINE_CAP, selectionContext, visibleTerminalText } from '../../../src/core/terminal/terminalContext';

describe('core/terminal terminalContext', () => {
  it('shows what the terminal showed: colours and OSC marks removed, \\r-redrawn lines as left, CRLF as LF', () => {
    const raw = '\x1b]633;C\x07\x1b[31mError\x1b[0m: failed\r\nprogress 10%\rprogress 100%\r\ndone\r\n\r\n';
    assert.equal(visibleTerminalText(raw), 'Error: failed\nprogress 100%\ndone');
  });

  it(`keeps the last ${OUTPUT_LINE_CAP} lines of a long output, where a failure's error is`, () => {
    const text = Array.from({ length: 1_000 }, (_, i) => `line ${i}`).join('\n');
    const capped = capOutput(text);
    assert.equal(capped.linesLeftOut, 1_000 - OUTPUT_LINE_CAP);
    assert.equal(capped.text.split('\n')[0], `line ${1_000 - OUTPUT_LINE_CAP}`);
    assert.ok(capped.text.endsWith('line 999'));
  });

  it(`keeps at most ${OUTPUT_CHAR_CAP} characters, from a line start, or the end of one huge line`, () => {
    const wide = capOutput(Array.from({ length: 100 }, (_, i) => `${i} ${'x'.repeat(500)}`).join('\n'));
    assert.ok(wide.text.length <= OUTPUT_CHAR_CAP);
    assert.match(wide.text, /^\d+ x+$/m);
    assert.ok(wide.linesLeftOut > 80);
    const huge = capOutput('y'.repeat(50_000) + 'END');
    assert.equal(huge.text.length, OUTPUT_CHAR_CAP + 1);
    assert.ok(huge.text.endsWith('END'));
  });

  it('puts the command, its exit code and output in a fence the output cannot close', () => {
    const text = commandContext({ commandLine: 'cat notes.md', output: 'a\n````\nb\n', exitCode: 1, cwd: '/work/app' });
    assert.match(text, /^Terminal command in \/work\/app \(exit code 1\):\n`````console\n\$ cat notes\.md\na\n````\nb\n`````\n$/);
    assert.match(commandContext({ commandLine: 'true', output: '', exitCode: undefined, cwd: undefined }), /^Terminal command \(exit code unknown, no output captured\):\n```console\n\$ true\n```\n$/);
  });

  it('says how many lines of a long output or selection were left out', () => {
    const long = Array.from({ length: 250 }, (_, i) => `l${i}`).join('\n');
    assert.match(commandContext({ commandLine: 'seq', output: long, exitCode: 0, cwd: undefined }), /the first 50 lines of output are left out/);
    assert.match(selectionContext(long), /^From the terminal \(the first 50 lines are left out\):/);
  });
});
