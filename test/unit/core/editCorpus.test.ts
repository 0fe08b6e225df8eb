// A corpus of edits written the way models write them, of the kinds other agents' edit tools are tested
// on (exact and multi-line replacements, several edits, missing and repeated text, whitespace and
// indentation drift, line endings, typography, near misses), each run through the real edit_file on a
// real file. Each case states what must happen: the exact bytes after the edit, or a refusal (and the
// file untouched). Near misses that only a fuzzy match would place are refused on purpose: a fuzzy
// match can land on the wrong lines (docs/agent.md, "How edits are matched").
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TaskApprovals } from '../../../src/core/tools/approvals';
import { ChangeJournal } from '../../../src/core/tools/changeJournal';
import { parseToolArguments } from '../../../src/core/tools/toolArguments';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { createWorkspaceTools } from '../../../src/core/tools/workspaceTools';
import { tempDir } from '../../support/emulatorTestBed';
import { nodeTestHost, ScriptedApprover } from '../../support/testWorkspaceHost';

interface EditCase {
  name: string;
  file: string;
  args: Record<string, unknown>;
  /** The file's text after the edit, or a pattern of the refusal (the file must then be unchanged). */
  expect: { after: string; says?: RegExp } | { refused: RegExp };
}

const PY = 'def area(w, h):\n    """Rectangle area."""\n    return w * h\n\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n';
const TS = 'export class Cart {\n  private items: number[] = [];\n\n  add(price: number): void {\n    this.items.push(price);\n  }\n\n  total(): number {\n    return this.items.reduce((a, b) => a + b, 0);\n  }\n}\n';
const GO = 'package main\n\nfunc main() {\n\tfor i := 0; i < 3; i++ {\n\t\tprintln(i)\n\t}\n}\n';
const CRLF = (text: string) => text.replace(/\n/g, '\r\n');

const cases: EditCase[] = [
  // Exact matches.
  { name: 'single line, exact', file: PY, args: { old_text: '    return w * h', new_text: '    return w * h * 1.0' }, expect: { after: PY.replace('return w * h\n', 'return w * h * 1.0\n') } },
  { name: 'fragment inside a line', file: PY, args: { old_text: '2 * (w + h)', new_text: '(w + h) * 2' }, expect: { after: PY.replace('2 * (w + h)', '(w + h) * 2') } },
  { name: 'multi-line block, exact', file: TS, args: { old_text: '  add(price: number): void {\n    this.items.push(price);\n  }', new_text: '  add(price: number): void {\n    if (price < 0) throw new Error("negative");\n    this.items.push(price);\n  }' }, expect: { after: TS.replace('  add(price: number): void {\n', '  add(price: number): void {\n    if (price < 0) throw new Error("negative");\n') } },
  { name: 'delete a whole block with its line breaks', file: PY, args: { old_text: '\n\ndef perimeter(w, h):\n    return 2 * (w + h)\n', new_text: '' }, expect: { after: 'def area(w, h):\n    """Rectangle area."""\n    return w * h\n' } },
  { name: 'insert after an anchor line', file: GO, args: { old_text: 'package main\n', new_text: 'package main\n\nimport "fmt"\n' }, expect: { after: GO.replace('package main\n', 'package main\n\nimport "fmt"\n') } },
  { name: 'append at the end of a file without final newline', file: 'a = 1\nb = 2', args: { old_text: 'b = 2', new_text: 'b = 2\nc = 3' }, expect: { after: 'a = 1\nb = 2\nc = 3' } },
  { name: 'replace the first line', file: PY, args: { old_text: 'def area(w, h):', new_text: 'def area(width, height):' }, expect: { after: PY.replace('def area(w, h):', 'def area(width, height):') } },
  { name: 'special regex characters are plain text', file: 'const re = /a+(b|c)*$/;\n', args: { old_text: '/a+(b|c)*$/', new_text: '/a+(b|c|d)*$/' }, expect: { after: 'const re = /a+(b|c|d)*$/;\n' } },
  { name: 'dollar signs in new_text are literal', file: 'price = 0\n', args: { old_text: 'price = 0', new_text: 'price = "$1 $& $$"' }, expect: { after: 'price = "$1 $& $$"\n' } },
  { name: 'unicode text, exact', file: 'greeting = "héllo wörld 👋"\n', args: { old_text: 'héllo wörld 👋', new_text: 'grüß dich 👋' }, expect: { after: 'greeting = "grüß dich 👋"\n' } },
  { name: 'same text: nothing to change', file: PY, args: { old_text: 'return w * h', new_text: 'return w * h' }, expect: { after: PY, says: /already has this content/ } },

  // Several edits, replace_all.
  { name: 'two edits in order', file: TS, args: { edits: [{ old_text: 'private items', new_text: 'private prices' }, { old_text: 'this.items.push', new_text: 'this.prices.push' }] }, expect: { after: TS.replace('private items', 'private prices').replace('this.items.push', 'this.prices.push') } },
  { name: 'second edit uses the first edit\'s result', file: 'x = 1\n', args: { edits: [{ old_text: 'x = 1', new_text: 'x = 2' }, { old_text: 'x = 2', new_text: 'x = 3' }] }, expect: { after: 'x = 3\n' } },
  { name: 'one failing edit of three: none applied', file: TS, args: { edits: [{ old_text: 'Cart', new_text: 'Basket' }, { old_text: 'removeAll()', new_text: 'clear()' }, { old_text: 'total', new_text: 'sum' }] }, expect: { refused: /edits\[1\]: old_text was not found.*None of the 3 edits was applied/s } },
  { name: 'replace_all renames every use', file: TS, args: { old_text: 'items', new_text: 'prices', replace_all: true }, expect: { after: TS.replace(/items/g, 'prices'), says: /3 replacements/ } },
  { name: 'replace_all with one occurrence', file: PY, args: { old_text: 'perimeter', new_text: 'outline', replace_all: true }, expect: { after: PY.replace('perimeter', 'outline') } },

  // Missing and repeated text.
  { name: 'text that is not there', file: PY, args: { old_text: 'def volume(w, h, d):', new_text: 'x' }, expect: { refused: /not found.*closest lines/s } },
  { name: 'hallucinated line in the middle of a block', file: TS, args: { old_text: '  total(): number {\n    const sum = 0;\n    return this.items.reduce((a, b) => a + b, 0);\n  }', new_text: '' }, expect: { refused: /not found.*\n *8 \| {3}total\(\): number \{/s } },
  { name: 'text that occurs twice', file: 'a()\nb()\na()\n', args: { old_text: 'a()', new_text: 'c()' }, expect: { refused: /occurs 2 times.*lines 1, 3/ } },
  { name: 'empty old_text', file: PY, args: { old_text: '', new_text: 'x' }, expect: { refused: /old_text is empty/ } },
  { name: 'identifier spelled differently (fuzzy match refused)', file: TS, args: { old_text: '  ttoal(): number {', new_text: '  sum(): number {' }, expect: { refused: /not found.*\n *8 \| {3}total\(\): number/s } },
  { name: 'stale copy: the line changed since it was read (fuzzy match refused)', file: PY, args: { old_text: '    return w * h * 2', new_text: '    return w * h * 3' }, expect: { refused: /not found.*3 \| {5}return w \* h/s } },

  // Whitespace and indentation drift.
  { name: 'trailing spaces in the file, none in old_text', file: 'a = 1   \nb = 2\t\n', args: { old_text: 'a = 1\nb = 2', new_text: 'a = 1\nb = 3' }, expect: { after: 'a = 1   \nb = 3\n', says: /trailing whitespace/ } },
  { name: 'trailing spaces in old_text, none in the file', file: 'a = 1\nb = 2\n', args: { old_text: 'a = 1  \nb = 2  ', new_text: 'a = 1\nb = 3' }, expect: { after: 'a = 1\nb = 3\n', says: /trailing whitespace/ } },
  { name: 'old_text without the indentation of a nested block', file: PY, args: { old_text: '"""Rectangle area."""\nreturn w * h', new_text: '"""Area of a rectangle."""\nreturn w * h' }, expect: { after: PY.replace('Rectangle area.', 'Area of a rectangle.'), says: /re-indented by 4 spaces more/ } },
  { name: 'old_text indented deeper than the file', file: TS, args: { old_text: '      total(): number {\n        return this.items.reduce((a, b) => a + b, 0);\n      }', new_text: '      total(): number {\n        return this.items.reduce((a, b) => a + b, 0) / 100;\n      }' }, expect: { after: TS.replace('a + b, 0);', 'a + b, 0) / 100;'), says: /re-indented by 4 spaces less/ } },
  { name: 'spaces in old_text, tabs in the file', file: GO, args: { old_text: '    for i := 0; i < 3; i++ {\n        println(i)\n    }', new_text: '    for i := 0; i < 5; i++ {\n        println(i)\n    }' }, expect: { after: GO.replace('i < 3', 'i < 5'), says: /tabs versus spaces/ } },
  { name: 'tabs in old_text, spaces in the file', file: TS, args: { old_text: '\tadd(price: number): void {\n\t\tthis.items.push(price);\n\t}', new_text: '\tadd(price: number): void {\n\t\tthis.items.unshift(price);\n\t}' }, expect: { after: TS.replace('push(price)', 'unshift(price)'), says: /tabs versus spaces/ } },
  { name: 'a blank line inside the block keeps matching', file: 'a\n\nb\n', args: { old_text: 'a\n   \nb', new_text: 'a\n\nc' }, expect: { after: 'a\n\nc\n', says: /trailing whitespace/ } },
  { name: 'indentation drift matching two places is refused', file: 'if a:\n    go()\nelse:\n        go()\n', args: { old_text: '  go()  ', new_text: '  stop()' }, expect: { refused: /ignoring a different indentation it matches 2 places \(lines 2, 4\)/ } },

  // Line endings.
  { name: 'CRLF file, LF multi-line old_text', file: CRLF(TS), args: { old_text: '  total(): number {\n    return this.items.reduce((a, b) => a + b, 0);\n  }', new_text: '  total(): number {\n    return 0;\n  }' }, expect: { after: CRLF(TS.replace('this.items.reduce((a, b) => a + b, 0)', '0')) } },
  { name: 'CRLF file, CRLF old_text', file: CRLF(PY), args: { old_text: 'def perimeter(w, h):\r\n    return 2 * (w + h)', new_text: 'def perimeter(w, h):\r\n    return w + w + h + h' }, expect: { after: CRLF(PY.replace('2 * (w + h)', 'w + w + h + h')) } },
  { name: 'CRLF file, whole lines deleted', file: CRLF('a\nb\nc\n'), args: { old_text: 'b\n', new_text: '' }, expect: { after: CRLF('a\nc\n') } },
  { name: 'CRLF file, indentation drift', file: CRLF(PY), args: { old_text: 'return 2 * (w + h)', new_text: 'return 2 * w + 2 * h' }, expect: { after: CRLF(PY.replace('2 * (w + h)', '2 * w + 2 * h')) } },
  { name: 'CRLF file with trailing spaces, LF old_text', file: 'x = 1  \r\ny = 2\r\n', args: { old_text: 'x = 1\ny = 2', new_text: 'x = 1\ny = 3' }, expect: { after: 'x = 1  \r\ny = 3\r\n' } },
  { name: 'LF file, CRLF old_text', file: PY, args: { old_text: 'def perimeter(w, h):\r\n    return 2 * (w + h)\r\n', new_text: 'def perimeter(w, h):\r\n    return 0\r\n' }, expect: { after: PY.replace('2 * (w + h)', '0') } },

  // Typography and invisible characters.
  { name: 'typographic quotes in the file', file: 'title = “Report”\n', args: { old_text: 'title = "Report"', new_text: 'title = "Summary"' }, expect: { after: 'title = "Summary"\n', says: /look-alike/ } },
  { name: 'typographic apostrophe in old_text', file: "msg = 'don't'\n", args: { old_text: 'msg = \'don’t\'', new_text: "msg = 'do'" }, expect: { after: "msg = 'do'\n" } },
  { name: 'en dash in the file', file: 'pages 10–20\n', args: { old_text: 'pages 10-20', new_text: 'pages 10-30' }, expect: { after: 'pages 10-30\n' } },
  { name: 'non-breaking space in the file', file: 'total:\u00a042\n', args: { old_text: 'total: 42', new_text: 'total: 43' }, expect: { after: 'total: 43\n' } },

  // Copied line numbers, spacing inside lines, an empty file.
  { name: 'line numbers copied with old_text ("N | ")', file: PY, args: { old_text: '2 |     """Rectangle area."""\n3 |     return w * h', new_text: '    """Rectangle area."""\n    return abs(w * h)' }, expect: { after: PY.replace('return w * h', 'return abs(w * h)'), says: /line-number prefixes \(lines 2-3\) removed from old_text\./ } },
  { name: 'line numbers in old_text and new_text ("N→")', file: GO, args: { old_text: '     4→\tfor i := 0; i < 3; i++ {\n     5→\t\tprintln(i)', new_text: '     4→\tfor i := 0; i < 3; i++ {\n     5→\t\tprintln(i * i)' }, expect: { after: GO.replace('println(i)', 'println(i * i)'), says: /removed from old_text and new_text/ } },
  { name: 'line numbers naming other lines than the text\'s (refused)', file: PY, args: { old_text: '6 |     return w * h', new_text: '    return 0' }, expect: { refused: /prefixes say lines 6-6, but without them it is at line 3/ } },
  { name: 'spaces aligned differently inside a line', file: 'WIDTH  = 80\nHEIGHT = 24\n', args: { old_text: 'WIDTH = 80', new_text: 'WIDTH = 100' }, expect: { after: 'WIDTH = 100\nHEIGHT = 24\n', says: /runs of spaces and tabs inside lines/ } },
  { name: 'a tab inside a line where old_text has spaces', file: CRLF('name:\tsvc\nport:\t8787\n'), args: { old_text: 'port:    8787', new_text: 'port: 9000' }, expect: { after: CRLF('name:\tsvc\nport: 9000\n') } },
  { name: 'inner spacing matching two places (refused)', file: 'a  = 1\nb = 2\na\t= 1\n', args: { old_text: 'a = 1', new_text: 'a = 3' }, expect: { refused: /inside lines it matches 2 places \(lines 1, 3\)/ } },
  { name: 'empty old_text on an empty file writes it', file: '', args: { old_text: '', new_text: 'print("hello")\n' }, expect: { after: 'print("hello")\n', says: /old_text was empty/ } },
];

describe('core/tools edit corpus: model-written edits through the real edit_file', () => {
  let root: string;
  let applied = 0;
  let refusedCount = 0;

  before(async () => {
    root = await fs.realpath(tempDir('svc-edit-corpus-'));
  });

  after(async () => {
    await fs.rm(root, { recursive: true, force: true });
    console.log(`      edit corpus: ${applied + refusedCount} of ${cases.length} cases as expected (${applied} applied, ${refusedCount} refused as designed)`);
  });

  cases.forEach((testCase, index) => {
    it(testCase.name, async () => {
      const name = `case-${index}.txt`;
      const file = path.join(root, name);
      await fs.writeFile(file, testCase.file);
      const host = nodeTestHost([{ name: 'ws', path: root }]);
      const tools = new ToolRegistry(createWorkspaceTools(host, new TaskApprovals(new ScriptedApprover(() => 'approve'), { autoApproveEdits: true }), new ChangeJournal(), { maxCommandOutputBytes: 1024 }));
      const tool = tools.get('edit_file');
      assert.ok(tool);
      const result = await tool.run(parseToolArguments(tool.definition, JSON.stringify({ path: name, ...testCase.args })), new AbortController().signal);
      const after = await fs.readFile(file, 'utf8');
      if ('refused' in testCase.expect) {
        assert.equal(result.status, 'failed', result.content);
        assert.match(result.content, testCase.expect.refused);
        assert.equal(after, testCase.file, 'a refused edit leaves the file as it was');
        refusedCount++;
      } else {
        assert.equal(result.status, 'done', result.content);
        assert.equal(after, testCase.expect.after);
        if (testCase.expect.says) assert.match(result.content, testCase.expect.says);
        applied++;
      }
    });
  });
});
