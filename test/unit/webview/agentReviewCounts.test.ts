// The summary card's line of what is left to review, in words for one and for several.
import assert from 'node:assert/strict';
import { reviewCountsText } from '../../../src/webview/components/agentReviewCounts';
import { parseHostMessage } from '../../../src/shared/messageParsing';

describe('agent review counts in the view', () => {
  it('says how many changes are left in how many files', () => {
    assert.equal(reviewCountsText({ hunks: 3, files: 2 }), '3 changes to review in 2 files');
    assert.equal(reviewCountsText({ hunks: 1, files: 1 }), '1 change to review in 1 file');
  });

  it('takes the counts only as whole numbers from zero', () => {
    assert.ok(parseHostMessage({ type: 'agentReview', hunks: 0, files: 0 }).ok);
    assert.ok(!parseHostMessage({ type: 'agentReview', hunks: -1, files: 0 }).ok);
    assert.ok(!parseHostMessage({ type: 'agentReview', hunks: 1.5, files: 1 }).ok);
  });
});
