// The hunk model on real source files of this repository: a proposal (a rename in two places and a
// new line) as hunks, any subset of them applied gives exact text; CRLF files keep CRLF, a file without a
// final newline keeps none; the user's edits made while a proposal streamed are carried or refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { applyHunks, proposeEdit } from '../../../src/core/edits/hunks';
import { EditConflictError, rebaseProposal } from '../../../src/core/edits/rebase';
import { renderReview, shownLineSpan } from '../../../src/core/edits/reviewRender';
import { splitLines } from '../../../src/core/edits/textLines';

const REPO = path.join(__dirname, '..', '..', '..');
const original = readFileSync(path.join(REPO, 'src/core/chat/chatRequestBuilder.ts'), 'utf8');

/** The real file with two lines of `buildChatRequest` changed, apart from each other, and a line added at the end. */
function proposalOf(text: string): string {
  return text
    .replace('model: settings.model,', 'model: settings.model.trim(),')
    .replace('request.tools = tools;', 'request.tools = [...tools];')
    .replace(/\r?\n$/, '\n// proposed\n');
}

describe('edit hunks', () => {
  it('cuts a proposal into separate hunks with stable ids, and every subset applies to the exact text', () => {
    const proposed = proposalOf(original);
    const proposal = proposeEdit(original, proposed);
    assert.equal(proposal.hunks.length, 3);
    assert.deepEqual(proposeEdit(original, proposed).hunks.map((h) => h.id), proposal.hunks.map((h) => h.id));
    const [model, tools, tail] = proposal.hunks;
    assert.equal(applyHunks(proposal, new Set(proposal.hunks.map((h) => h.id))), proposed);
    assert.equal(applyHunks(proposal, new Set()), original);
    const onlyModel = applyHunks(proposal, new Set([model!.id]));
    assert.ok(onlyModel.includes('model: settings.model.trim(),'));
    assert.ok(onlyModel.includes('request.tools = tools;'));
    assert.ok(!onlyModel.includes('// proposed'));
    assert.equal(applyHunks(proposal, new Set([tools!.id, tail!.id])), proposalOf(original).replace('model: settings.model.trim(),', 'model: settings.model,'));
  });

  it('keeps a CRLF file in CRLF: untouched lines byte for byte, new lines with CRLF, whatever the model sent', () => {
    const crlf = original.replace(/\n/g, '\r\n');
    const proposal = proposeEdit(crlf, proposalOf(original));
    assert.equal(proposal.current.eol, '\r\n');
    const all = applyHunks(proposal, new Set(proposal.hunks.map((h) => h.id)));
    assert.equal(all, proposalOf(original).replace(/\n/g, '\r\n'));
    assert.ok(!/[^\r]\n/.test(all), 'no bare LF');
    assert.equal(applyHunks(proposal, new Set()), crlf);
  });

  it('keeps the line endings of a mixed file where lines are kept, and the usual one for new lines', () => {
    const mixed = 'one\r\ntwo\nthree\r\nfour\r\n';
    const proposal = proposeEdit(mixed, 'one\ntwo\nTHREE\nfour\n');
    assert.equal(applyHunks(proposal, new Set(proposal.hunks.map((h) => h.id))), 'one\r\ntwo\nTHREE\r\nfour\r\n');
  });

  it('leaves a file without a final newline without one, also when its last line is replaced or followed by new lines', () => {
    const noFinal = original.replace(/\n$/, '');
    const proposed = proposalOf(original);
    const proposal = proposeEdit(noFinal, proposed);
    const all = applyHunks(proposal, new Set(proposal.hunks.map((h) => h.id)));
    assert.equal(all, proposed.replace(/\n$/, ''));
    assert.equal(applyHunks(proposal, new Set()), noFinal);
    const last = proposeEdit('a\nb', 'a\nB\nc\n');
    assert.equal(applyHunks(last, new Set(last.hunks.map((h) => h.id))), 'a\nB\nc');
  });

  it('shows a review that holds the proposed lines of open hunks, marked, and with every hunk decided is the applied text', () => {
    const proposal = proposeEdit(original, proposalOf(original));
    const [first, second, third] = proposal.hunks;
    const view = renderReview(proposal, new Map());
    assert.equal(view.open.length, 3);
    assert.equal(view.text, applyHunks(proposal, new Set(proposal.hunks.map((h) => h.id))), 'open hunks show their proposal, nothing else');
    const lines = splitLines(view.text).lines;
    assert.equal(lines[view.open[0]!.line], first!.added[0]);
    assert.ok(view.added.has(view.open[0]!.line));
    assert.equal(view.open[0]!.removedLines, first!.removed.length);
    assert.equal(view.added.size, first!.added.length + second!.added.length + third!.added.length);
    const decided = new Map([
      [first!.id, 'accepted' as const],
      [second!.id, 'rejected' as const],
      [third!.id, 'accepted' as const],
    ]);
    assert.equal(renderReview(proposal, decided).text, applyHunks(proposal, new Set([first!.id, third!.id])));
    assert.equal(renderReview(proposal, decided).open.length, 0);
    const oneRejected = renderReview(proposal, new Map([[first!.id, 'rejected' as const]]));
    assert.equal(splitLines(oneRejected.text).lines[first!.start], first!.removed[0], 'a rejected hunk holds its current lines');
    assert.equal(splitLines(oneRejected.text).lines[oneRejected.open[0]!.line], second!.added[0]);
    assert.ok(!oneRejected.added.has(first!.start));
  });

  it("names the document lines each open hunk's buttons act on, as the review shows them, also for a hunk that only removes", () => {
    const current = 'a\nb\nc\nd\ne\nf\n';
    // Hunk 1 turns one line into two; hunk 2 removes "d"; hunk 3 replaces "f" with one line.
    const proposal = proposeEdit(current, 'a\nB1\nB2\nc\ne\nF\n');
    assert.equal(proposal.hunks.length, 3);
    const regionStartLine = 10;
    const open = renderReview(proposal, new Map()).open;
    assert.deepEqual(open.map((shown) => shownLineSpan(shown, regionStartLine)), [{ first: 12, last: 13 }, { first: 15, last: 15 }, { first: 16, last: 16 }]);
    // With the first hunk rejected its one current line is back, so the ones below move up by one.
    const rejected = renderReview(proposal, new Map([[proposal.hunks[0]!.id, 'rejected' as const]])).open;
    assert.deepEqual(rejected.map((shown) => shownLineSpan(shown, regionStartLine)), [{ first: 14, last: 14 }, { first: 15, last: 15 }]);
  });

  it('carries a proposal onto the user edits made meanwhile on other lines, keeping both', () => {
    const userEdited = original.replace('// The chat request for the next reply', '// The request for the next reply');
    const rebased = rebaseProposal(original, userEdited, proposalOf(original));
    assert.equal(rebased, proposalOf(userEdited));
  });

  it('refuses a proposal whose lines the user changed meanwhile, naming the line, and never returns text without their edit', () => {
    const userEdited = original.replace('request.tools = tools;', 'request.tools = tools; // mine');
    const line = splitLines(original).lines.findIndex((l) => l.includes('request.tools = tools;'));
    assert.throws(
      () => rebaseProposal(original, userEdited, proposalOf(original)),
      (error: unknown) => error instanceof EditConflictError && error.line === line && error.message.includes(`line ${line + 1}`),
    );
  });

  it('carries a proposal onto a CRLF file the user edited, in CRLF', () => {
    const crlf = original.replace(/\n/g, '\r\n');
    const userEdited = `// added by the user\r\n${crlf}`;
    const rebased = rebaseProposal(crlf, userEdited, proposalOf(original));
    assert.equal(rebased, `// added by the user\r\n${proposalOf(original).replace(/\n/g, '\r\n')}`);
  });
});
