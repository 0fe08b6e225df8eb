// How many of the agent's changes are left to review in the editor, as the host last said, and the rows
// that show it (on the task summary cards): "3 changes to review in 2 files" with a Review button that
// opens the first file. Every row follows the counts as hunks are kept or undone, and hides at zero.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import * as l10n from '../../shared/l10n';
import { el, textButton } from '../dom';

type Counts = Pick<HostMessageOf<'agentReview'>, 'hunks' | 'files'>;

let counts: Counts = { hunks: 0, files: 0 };
const rows = new Set<{ element: HTMLElement; text: HTMLElement }>();

export function reviewCountsText(given: Counts): string {
  const changes = given.hunks === 1 ? l10n.t('1 change') : l10n.t('{0} changes', given.hunks);
  const files = given.files === 1 ? l10n.t('1 file') : l10n.t('{0} files', given.files);
  return l10n.t('{0} to review in {1}', changes, files);
}

function paint(row: { element: HTMLElement; text: HTMLElement }): void {
  row.element.hidden = counts.hunks === 0;
  row.text.textContent = reviewCountsText(counts);
}

/** The host's new counts: every row shows them. Rows no longer in the page are let go. */
export function setReviewCounts(given: Counts): void {
  counts = { hunks: given.hunks, files: given.files };
  for (const row of [...rows]) {
    if (!row.element.isConnected && row.element.dataset['shown'] === 'yes') rows.delete(row);
    else paint(row);
  }
}

/** A row for a summary card; it updates itself with the counts. */
export function reviewCountsRow(post: (message: WebviewMessage) => void): HTMLElement {
  const text = el('span', { attrs: { 'data-testid': 'agent-review-count' } });
  const open = textButton('eye', l10n.t('Review'), 'open-agent-review', { 'data-testid': 'agent-review-open', title: l10n.t('Open the first file with changes to review') });
  open.addEventListener('click', () => post({ type: 'openAgentReview' }));
  const element = el('div', { className: 'agent-review', attrs: { 'data-testid': 'agent-review' } }, [text, open]);
  const row = { element, text };
  rows.add(row);
  paint(row);
  // Once in the page, a row that leaves it is dropped at the next update (the card was drawn again).
  queueMicrotask(() => (element.dataset['shown'] = 'yes'));
  return element;
}
