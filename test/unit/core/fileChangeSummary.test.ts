import assert from 'node:assert/strict';
import { changePreview, changeText, summarizeChange } from '../../../src/core/tools/fileChangeSummary';
import { revealApproval } from '../../../src/shared/revealHiddenText';

describe('core/tools fileChangeSummary', () => {
  it('lists every changed line with one line of context, distant changes apart, and counts them', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 2\n', 'line two\n').replace('line 15\n', 'line 15\ninserted\n');
    const change = summarizeChange('src/a.txt', before, after);
    assert.equal(change.added, 2);
    assert.equal(change.removed, 1);
    assert.equal(change.created, false);
    assert.equal(changeText(change), ['  line 1', '- line 2', '+ line two', '  line 3', '…', '  line 15', '+ inserted', '  line 16'].join('\n'));
  });

  it('shows a new file as all added, and every line of a long change, however many', () => {
    const content = Array.from({ length: 500 }, (_, i) => `row ${i}`).join('\n');
    const change = summarizeChange('big.txt', undefined, content);
    assert.equal(change.created, true);
    assert.equal(change.added, 500);
    assert.equal(change.lines.length, 500, 'the approval shows all of it');
    assert.ok(change.lines.every((l) => l.kind === 'added'));
    assert.equal(changePreview(change, 12).lines.length, 12, 'a card keeps the first lines');
    assert.equal(changePreview(change, 12).added, 500, 'with the whole counts');
  });

  it('keeps CRLF files line by line and shows a hidden character as it is, for the approval to reveal', () => {
    const change = summarizeChange('w.ini', 'a = 1\r\nb = 2\r\n', 'a = 1\r\nb = 3\u202E\r\n');
    assert.deepEqual(change.lines, [
      { kind: 'context', text: 'a = 1' },
      { kind: 'removed', text: 'b = 2' },
      { kind: 'added', text: 'b = 3\u202E' },
    ]);
  });

  it('shows blank lines of a change as blank in the approval, never as trailing spaces, and real trailing spaces as such', () => {
    const before = 'function a() {\n  return 1;\n}\n';
    const after = 'function a() {\n\n  return 1;\n}\n\nfunction b() {}  \n';
    const detail = changeText(summarizeChange('a.js', before, after));
    assert.doesNotMatch(detail, /^[+-]? +$/m, 'a blank line of the file is no line of spaces in the detail');
    const shown = revealApproval({ kind: 'edit', title: 'Make this edit to a.js?', detail }).detail;
    assert.equal((shown.match(/trailing/g) ?? []).length, 1, 'only the real trailing spaces are marked');
    assert.match(shown, /^\+ function b\(\) \{\}  ⟨trailing 2 spaces⟩$/m);
    assert.match(shown, /^\+$/m, 'a blank added line is a bare mark');
  });
});
