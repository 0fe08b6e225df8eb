// What the file, balance, token, mention and review features show the user goes through core's
// translator, and what they send the model does not. The translator here marks every text it is given
// «…», so a test sees which texts went through it and that their placeholders were still filled.
import assert from 'node:assert/strict';
import type { FileObject, TokenEstimateRequest } from '../../../src/api/index';
import { BalanceBlockedError, BalanceTracker, balanceView } from '../../../src/core/billing/balanceView';
import { parsePriceTable, replyCost } from '../../../src/core/billing/replyCost';
import { keywordCandidates, mentionCandidates } from '../../../src/core/context/mentionCandidates';
import { resolveMentions, type MentionSources } from '../../../src/core/context/mentions';
import { EditConflictError, rebaseProposal } from '../../../src/core/edits/rebase';
import { formatBytes } from '../../../src/core/files/byteSize';
import { explainFileText, selectionText } from '../../../src/core/files/contextBuilder';
import type { FilesClient } from '../../../src/core/files/filesClient';
import { UploadCache } from '../../../src/core/files/uploadCache';
import { checkUpload, checkUploadFor, UploadRefusedError } from '../../../src/core/files/uploadChecks';
import { loadUploadsOverview } from '../../../src/core/files/uploadsOverview';
import { VisionUnsupportedError } from '../../../src/core/files/visionSupport';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { AgentEditReview, ReviewConflictError } from '../../../src/core/review/agentEditReview';
import { DraftTokenEstimates, type DraftEstimate } from '../../../src/core/tokens/draftTokenEstimate';
import { ManualClock } from './support/manualClock';
import { MemoryStorage } from './support/memoryStorage';

const marked = (message: string, args: ReadonlyArray<string | number>) => `«${englishText(message, args)}»`;
const text = (s: string) => new TextEncoder().encode(s);

async function refusal(check: () => Promise<unknown>): Promise<UploadRefusedError> {
  try {
    await check();
  } catch (error) {
    if (error instanceof UploadRefusedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const uploaded: FileObject = { id: 'file-1', object: 'file', bytes: 2048, created_at: 1_763_726_400, filename: 'notes.md', purpose: 'file-extract', status: 'ok' };

const filesClient = (files: FileObject[]): FilesClient => ({
  files: {
    upload: async () => uploaded,
    list: async () => files,
    get: async () => uploaded,
    delete: async () => undefined,
    content: async () => 'notes',
  },
  balance: async () => ({ available_balance: 0, voucher_balance: 0, cash_balance: 0 }),
});

describe('file, balance, token, mention and review texts in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it("refuses an upload in the display language, naming the file as it is; the model's explain request stays English", async () => {
    useTranslator(marked);
    const empty = await refusal(() => checkUpload({ name: 'src/empty.ts', size: 0, head: new Uint8Array() }));
    assert.equal(empty.message, 'src/empty.ts: «File size is zero, please confirm and re-upload the file»');
    assert.equal((await refusal(() => checkUploadFor({ name: 'a.ts', size: 1, head: text('x') }, 'image'))).reason, '«it is not an image (it is «text»); only images can be sent as image_url»');
    assert.equal(new VisionUnsupportedError('svc-v1-8k', ['svc-k2.5']).message, '«svc-v1-8k cannot see images or videos. Switch to a vision model (svc-k2.5) or remove the image/video attachment.»');
    assert.equal(formatBytes(1), '«1 byte»');
    assert.equal(formatBytes(512), '«512 bytes»');
    assert.equal(formatBytes(2048), '2 KB', 'units stay as written');

    const overview = await loadUploadsOverview(filesClient([uploaded]), new UploadCache(filesClient([]), new MemoryStorage(), 'acct', { limits: { maxFiles: 1000, maxTotalBytes: 10 * 1024 ** 3 } }));
    assert.equal(overview.rows[0]?.detail, '«uploaded 2025-11-21 12:00 UTC · not by this extension»');
    assert.equal(overview.totals.label, '«1 of 1000 files · 2 KB of 10 GB (0 by this extension)»');

    assert.ok(!explainFileText(['src/app.ts']).includes('«'), 'the request the model reads');
    assert.ok(!selectionText({ fileName: 'src/app.ts', startLine: 1, endLine: 2, text: 'a\nb' }).includes('«'));
  });

  it('explains the balance and the price table setting, and counts a reply, in the display language', async () => {
    useTranslator(marked);
    const negative = balanceView({ available_balance: 0.5, voucher_balance: 0.5, cash_balance: -2 });
    assert.equal(negative.negativeCashExplanation, '«Your cash balance is -$2.00: the account owes that amount. While cash is negative, only vouchers ($0.50) are available, so the available balance equals the voucher balance.»');
    assert.equal(negative.warning, '«Your available balance ($0.50) is below $1.00.»');
    assert.equal(negative.label, '$0.50');
    const tracker = new BalanceTracker({ balance: async () => ({ available_balance: 0, voucher_balance: 0, cash_balance: 0 }) }, { warningThreshold: () => 1 });
    await assert.rejects(tracker.assertCanSend(), (error: unknown) => {
      assert.ok(error instanceof BalanceBlockedError);
      assert.match(error.message, /^«Your available balance is \$0\.00\. The service does not run chat requests/);
      return true;
    });
    assert.throws(() => parsePriceTable({ 'svc-k2': { input: -1, output: 1 } }), /^PriceTableError: «svc\.priceTable: svc-k2\.input: .*; expected \{ "<model id>"/);
    const usage = { prompt_tokens: 1000, completion_tokens: 234, total_tokens: 1234, prompt_tokens_details: { cached_tokens: 200 } };
    assert.equal(replyCost(usage, 'svc-k2').label, '«1,234 tokens (200 cached)»');
  });

  it('labels the token estimate in the display language and sends the model the draft as typed', async () => {
    useTranslator(marked);
    const requests: TokenEstimateRequest[] = [];
    const clock = new ManualClock();
    const results: DraftEstimate[] = [];
    let arrived: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (arrived = resolve));
    const client = {
      estimateTokens: async (request: TokenEstimateRequest) => {
        requests.push(request);
        throw new Error('estimate endpoint down');
      },
    };
    const estimates = new DraftTokenEstimates(async () => client, clock, (estimate) => {
      results.push(estimate);
      arrived();
    });
    await estimates.request({ requestId: 'r1', model: 'svc-k2', draft: 'Sort a map', systemPrompt: 'Be brief.', conversation: undefined, maxCompletionTokens: 100 });
    clock.advance(1_000);
    await done;
    assert.equal(results[0]?.unavailableReason, '«approximate: counted locally (the estimate endpoint does not take this model or did not answer)»');
    assert.deepEqual(results[0]?.breakdown?.map((p) => p.label), ['«Rules, system prompt, files and mentions»', '«Your message»'], 'an empty conversation is left out');
    assert.deepEqual(requests[0]?.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Sort a map' },
    ]);
  });

  it("says in the display language why a mention adds nothing, while the model's mention message stays English", async () => {
    useTranslator(marked);
    const sources: MentionSources = {
      path: async (path) => ({ title: 'file', text: `contents of ${path}` }),
      problems: async () => ({ error: 'no problems' }),
      selection: async () => ({ error: 'no selection' }),
      terminal: async () => ({ error: 'no terminal' }),
      git: async () => ({ error: 'no git' }),
      url: async () => ({ error: 'no url' }),
    };
    const mentions = [
      { kind: 'path' as const, value: 'a.ts', raw: '@a.ts' },
      { kind: 'path' as const, value: 'b.ts', raw: '@b.ts' },
    ];
    const resolved = await resolveMentions(mentions, sources, 'contents of a.ts'.length);
    assert.equal(resolved.messages[0]?.content, 'The user mentioned @a.ts (file):\n\ncontents of a.ts');
    assert.deepEqual(resolved.problems, [{ raw: '@b.ts', reason: '«the mentions before it used the whole budget»' }]);
    assert.equal(keywordCandidates()[0]?.detail, '«the Problems of the workspace»');
    assert.deepEqual(mentionCandidates('src', ['src/app.ts']).map((c) => c.detail), ['«folder: its listing and the files that fit»', '«file»']);
  });

  it('refuses an undo of a reviewed change and a conflicting edit in the display language', () => {
    useTranslator(marked);
    const review = new AgentEditReview({ read: async () => undefined, replace: async () => new Uint8Array(), remove: async () => undefined });
    review.noteAgentWrite({ path: '/ws/a.ts', display: 'a.ts', before: 'one\n', after: 'two\n', afterBytes: text('two\n') });
    assert.throws(() => review.keep('/ws/a.ts', 'gone'), { name: 'ReviewHunkGoneError', message: '«That change to a.ts was already kept or undone; the review shows what is left.»' });
    assert.equal(new ReviewConflictError('a.ts', 2).message, '«Not undone: you changed line 3 of a.ts since the agent did, and undoing this change would overwrite it. Undo it by hand, or keep it.»');
    assert.throws(() => rebaseProposal('a\nb\n', 'a\nmine\n', 'a\ntheirs\n'), (error: unknown) => {
      assert.ok(error instanceof EditConflictError);
      assert.equal(error.message, '«You changed line 2, which the proposed edit also changes; the proposal was stopped so your edit stays as you wrote it.»');
      return true;
    });
  });
});
