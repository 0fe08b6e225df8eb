// The slash commands are declared once (src/webview/slashCommands.ts); the user's list in docs/features.md
// is that declaration as a table, so a command added, renamed or described anew fails here until the table
// says the same. The failure prints the table to paste.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SLASH_COMMANDS } from '../../../src/webview/slashCommands';

const FEATURES = path.join(__dirname, '..', '..', '..', 'docs', 'features.md');
const HEADER = '| command | what it does |';

/** Markdown would read `<task>` as a tag. */
const cell = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|');

function documentedTable(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(HEADER);
  assert.ok(start >= 0, `docs/features.md has the slash commands' table, starting "${HEADER}"`);
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}

describe('the slash commands in the docs', () => {
  it('docs/features.md lists every command with its completion-list text, in order, and nothing else', () => {
    const expected = [HEADER, '|---|---|', ...SLASH_COMMANDS.map((c) => `| \`/${c.name}\` | ${cell(c.detail)} |`)];
    assert.deepEqual(documentedTable(fs.readFileSync(FEATURES, 'utf8')), expected, `the table should read:\n${expected.join('\n')}`);
  });

  it('is the only list of them: the other docs link to it rather than naming the commands', () => {
    for (const doc of ['README.md', 'docs/webview.md']) {
      const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', doc), 'utf8');
      assert.match(text, /features\.md#slash-commands/, `${doc} links to the table`);
      assert.doesNotMatch(text, /`\/explainfile`/, `${doc} does not keep a list of its own`);
    }
  });
});
