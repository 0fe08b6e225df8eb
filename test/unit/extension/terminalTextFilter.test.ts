import assert from 'node:assert/strict';
import { TerminalFeed } from '../../../src/extension/workspaceTools/terminalFeed';
import { TerminalTextFilter } from '../../../src/extension/workspaceTools/terminalTextFilter';

const filtered = (...chunks: string[]): string => {
  const filter = new TerminalTextFilter();
  return chunks.map((chunk) => filter.write(chunk)).join('');
};

describe('extension TerminalTextFilter', () => {
  it('keeps text, tabs, line feeds (as \\r\\n) and colours', () => {
    assert.equal(filtered('a\tb\nc\r\nd'), 'a\tb\r\nc\r\nd');
    assert.equal(filtered('\x1b[31mred\x1b[0m \x1b[1;38;5;208mbold orange\x1b[m'), '\x1b[31mred\x1b[0m \x1b[1;38;5;208mbold orange\x1b[m');
    assert.equal(filtered('\x1b[38;2;10;8;8mrgb\x1b[0m'), '\x1b[38;2;10;8;8mrgb\x1b[0m', 'an 8 inside a colour is a colour, not conceal');
  });

  it('drops what moves the cursor, clears, scrolls or switches screens', () => {
    assert.equal(filtered('one\n\x1b[1A\x1b[2Kforged\n'), 'one\r\nforged\r\n');
    assert.equal(filtered('\x1b[2J\x1b[H\x1b[?1049h\x1b[?25l\x1b[10;5r\x1bc\x1b7\x1b8\x1bM\x1b(0text'), 'text');
  });

  it('drops titles, hyperlink targets and clipboard writes, whichever terminator ends them', () => {
    assert.equal(filtered('\x1b]0;owned\x07a\x1b]2;x\x1b\\b'), 'ab');
    assert.equal(filtered('\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\'), 'click');
    assert.equal(filtered('\x1b]52;c;cm0gLXJmIH4=\x07after'), 'after');
    assert.equal(filtered('\x1bPq#0;2;0;0;0\x1b\\ok'), 'ok', 'DCS (sixel) dropped');
  });

  it('turns a bare carriage return into a new line, so nothing is drawn over a line already shown', () => {
    assert.equal(filtered('safe line\rEVIL'), 'safe line\r\nEVIL');
    assert.equal(filtered('a\r', '\nb'), 'a\r\nb', 'a \\r\\n split across chunks is one line break');
  });

  it('drops backspaces, bells, other C0 and C1 controls, and 8-bit CSI and OSC', () => {
    assert.equal(filtered('abc\b\b\bxyz\x07\x0b\x0c\x0e\x7f'), 'abcxyz');
    assert.equal(filtered('\u009b2J\u009d0;t\u0007\u0085done'), 'done');
  });

  it('drops conceal, so no coloured text is hidden by it', () => {
    assert.equal(filtered('\x1b[8mhidden\x1b[0m'), 'hidden\x1b[0m');
    assert.equal(filtered('\x1b[1;8mx'), '\x1b[1mx');
  });

  it('follows a sequence split across chunks', () => {
    assert.equal(filtered('a\x1b', '[2', 'Jb\x1b]0;ti', 'tle\x07c'), 'abc');
  });

  it('ends a control string at a line break or past its cap, so it cannot hide the rest of the output', () => {
    assert.equal(filtered('\x1b]0;unterminated\nshown'), '\r\nshown');
    // "52;c;" and 4,091 A's fill the 4,096 characters of the cap; the next A goes past it and ends the string, dropped with it.
    assert.equal(filtered(`\x1b]52;c;${'A'.repeat(5000)}`), 'A'.repeat(5000 - 4092));
  });
});

describe('extension TerminalFeed', () => {
  it('holds output back until the terminal opens, then sends it in order', () => {
    const sent: string[] = [];
    const feed = new TerminalFeed((text) => sent.push(text), (n) => `… ${n} bytes not shown`);
    feed.write('$ ls\n');
    feed.write('a\n');
    assert.deepEqual(sent, []);
    feed.open();
    feed.write('b\n');
    assert.deepEqual(sent, ['$ ls\r\n', 'a\r\n', 'b\r\n']);
  });

  it('keeps at most its cap before the terminal opens, and says how many bytes it did not keep', () => {
    const sent: string[] = [];
    const feed = new TerminalFeed((text) => sent.push(text), (n) => `… ${n} bytes not shown`, 10);
    feed.write('$ yes\n');
    feed.write('y\ny\ny\n');
    feed.write('tail\n');
    feed.open();
    assert.deepEqual(sent, ['$ yes\r\n', '\r\n… 15 bytes not shown\r\n']);
  });
});
