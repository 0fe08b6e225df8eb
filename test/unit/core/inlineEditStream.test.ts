// An inline edit's request and streamed reply: the emulator rewrites exactly the fenced lines the
// request carries; the stream shows the proposal line by line, the lines not reached yet pending (not
// marked removed), and the finished reply gives the same hunks as a diff of the whole answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyHunks } from '../../../src/core/edits/hunks';
import { InlineEditStream } from '../../../src/core/edits/inlineEditStream';
import { inlineEditMessages, INLINE_EDIT_MARKER, type InlineEditContext } from '../../../src/core/edits/inlineEditPrompt';
import { renderReview } from '../../../src/core/edits/reviewRender';
import { splitLines } from '../../../src/core/edits/textLines';
import { inlineEditReply, isInlineEditRequest } from '../../../src/emulator/inlineEditRewrite';

const REPO = path.join(__dirname, '..', '..', '..');
const file = readFileSync(path.join(REPO, 'src/core/chat/chatRequestBuilder.ts'), 'utf8');
const lines = file.split('\n');
const start = lines.findIndex((l) => l.startsWith('export function buildChatRequest'));
const end = lines.findIndex((l, i) => i > start && l === '}');

function contextFor(code: string): InlineEditContext {
  return {
    fileName: 'src/core/chat/chatRequestBuilder.ts',
    languageId: 'typescript',
    before: lines.slice(0, start).join('\n') + '\n',
    after: lines.slice(end + 1).join('\n'),
    code,
    startLine: start + 1,
    endLine: end + 1,
  };
}

describe('inline edit request and stream', () => {
  const code = lines.slice(start, end + 1).join('\n') + '\n';

  it('is recognised by the emulator, which renames in the fenced lines only', () => {
    const messages = inlineEditMessages(contextFor(code), [{ instruction: 'rename info to details' }]);
    assert.ok(String(messages[0]!.content).startsWith(INLINE_EDIT_MARKER));
    assert.ok(isInlineEditRequest(messages));
    const reply = inlineEditReply(messages);
    assert.equal(reply, `\`\`\`typescript\n${code.replace(/\binfo\b/g, 'details').replace(/\n$/, '')}\n\`\`\``);
  });

  it('refines with a follow-up: the previous proposal goes back and both instructions apply', () => {
    const first = inlineEditReply(inlineEditMessages(contextFor(code), [{ instruction: 'rename info to details' }]));
    const proposal = first.split('\n').slice(1, -1).join('\n');
    const messages = inlineEditMessages(contextFor(code), [{ instruction: 'rename info to details', proposal }, { instruction: 'rename request to body' }]);
    assert.equal(messages.filter((m) => m.role === 'assistant').length, 1);
    assert.ok(inlineEditReply(messages).includes('const body: ChatRequest'));
    assert.ok(inlineEditReply(messages).includes('const details = modelInfo(settings.model);'));
  });

  it('fixes trailing commas of JSON for a quick fix', () => {
    const json = '{\n  "a": 1,\n  "b": [1, 2,],\n}\n';
    const reply = inlineEditReply(inlineEditMessages({ ...contextFor(json), languageId: 'json', before: '', after: '' }, [{ instruction: 'Fix this problem: Trailing comma' }]));
    assert.equal(reply, '```json\n{\n  "a": 1,\n  "b": [1, 2]\n}\n```');
  });

  it('streams: complete lines show as they arrive, the rest stays pending, and the end matches the whole reply', () => {
    const reply = inlineEditReply(inlineEditMessages(contextFor(code), [{ instruction: 'rename info to details' }]));
    const stream = new InlineEditStream(code);
    const firstLines = reply.split('\n').slice(0, 4).join('\n') + '\n';
    stream.push(firstLines);
    const partial = stream.partial();
    assert.equal(partial.hunks.length, 1, 'only the changed line seen so far');
    const view = renderReview(partial, new Map());
    assert.deepEqual(view.open.map((shown) => shown.removedLines), [1], 'lines not reached are not counted as removed');
    assert.equal(splitLines(view.text).lines.length, splitLines(code).lines.length, 'lines not reached stay in the text as they are');
    stream.push(reply.slice(firstLines.length));
    const final = stream.final();
    assert.equal(applyHunks(final, new Set(final.hunks.map((h) => h.id))), code.replace(/\binfo\b/g, 'details'));
    assert.equal(applyHunks(final, new Set()), code);
  });

  it('streams a long real file line by line: settled hunks keep their ids, the end applies exactly', () => {
    const long = readFileSync(path.join(REPO, 'node_modules', 'typescript', 'lib', 'typescript.js'), 'utf8').split('\n').slice(60_000, 60_600).join('\n') + '\n';
    const messages = inlineEditMessages({ ...contextFor(long), languageId: 'javascript', before: '', after: '', startLine: 1, endLine: 600 }, [{ instruction: 'rename node to astNode' }]);
    const reply = inlineEditReply(messages);
    const proposed = reply.split('\n').slice(1, -1).join('\n') + '\n';
    assert.notEqual(proposed, long, 'the rename changes the file');
    const stream = new InlineEditStream(long);
    const seen = new Map<string, number>();
    for (const line of reply.split(/(?<=\n)/)) {
      stream.push(line);
      const { hunks } = stream.partial();
      hunks.forEach((hunk, i) => {
        if (i > 0) assert.ok(hunk.start >= hunks[i - 1]!.start + hunks[i - 1]!.removed.length, 'hunks in order, apart');
        if (hunk.removed.length > 0 && hunk.added.length > 0) seen.set(hunk.id, hunk.start);
      });
    }
    const final = stream.final();
    const finalIds = new Set(final.hunks.map((h) => h.id));
    assert.ok(final.hunks.length > 5);
    assert.ok(final.hunks.every((h) => seen.has(h.id)), 'every final hunk was shown with the same id while streaming');
    assert.ok([...seen.keys()].filter((id) => finalIds.has(id)).length === final.hunks.length);
    assert.equal(applyHunks(final, finalIds), proposed);
    assert.equal(applyHunks(final, new Set()), long);
  });
});
