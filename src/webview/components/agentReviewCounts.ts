// How many of the agent's changes are left to review in the editor, as the host last said, and the rows
// that show it (on the task summary cards): "3 changes to review in 2 files", counted over the card's own
// task's files, with a Review button that opens the first file. Every row follows the counts as hunks are kept or undone, and hides at zero.
import type { HostMessageOf, WebviewMessage } from '../../shared/protocol';
import * as l10n from '../../shared/l10n';
import { el, textButton } from '../dom';

type Counts = Pick<HostMessageOf<'agentReview'>, 'hunks' | 'files'>;
interface Row {
  element: HTMLElement;
  text: HTMLElement;
  /** The files of the task whose summary shows the row: it counts only theirs. */
  files: readonly string[];
}

let byFile: Record<string, number> = {};
const rows = new Set<Row>();

export function reviewCountsText(given: Counts): string {
  const changes = given.hunks === 1 ? l10n.t('1 change') : l10n.t('{0} changes', given.hunks);
  const files = given.files === 1 ? l10n.t('1 file') : l10n.t('{0} files', given.files);
  return l10n.t('{0} to review in {1}', changes, files);
}

function countsOf(files: readonly string[]): Counts {
  const left = files.map((file) => byFile[file] ?? 0).filter((hunks) => hunks > 0);
  return { hunks: left.reduce((sum, hunks) => sum + hunks, 0), files: left.length };
}

function paint(row: Row): void {
  const counts = countsOf(row.files);
  row.element.hidden = counts.hunks === 0;
  row.text.textContent = reviewCountsText(counts);
}

/** The host's new counts: every row shows them. Rows no longer in the page are let go. */
export function setReviewCounts(given: Pick<HostMessageOf<'agentReview'>, 'byFile'>): void {
  byFile = { ...given.byFile };
  for (const row of [...rows]) {
    if (!row.element.isConnected && row.element.dataset['shown'] === 'yes') rows.delete(row);
    else paint(row);
  }
}

/** A row for the summary card of a task that changed `files`; it updates itself with their counts. */
export function reviewCountsRow(post: (message: WebviewMessage) => void, files: readonly string[]): HTMLElement {
  const text = el('span', { attrs: { 'data-testid': 'agent-review-count' } });
  const open = textButton('eye', l10n.t('Review'), 'open-agent-review', { 'data-testid': 'agent-review-open', title: l10n.t('Open the first file with changes to review') });
  open.addEventListener('click', () => post({ type: 'openAgentReview' }));
  const element = el('div', { className: 'agent-review', attrs: { 'data-testid': 'agent-review' } }, [text, open]);
  const row = { element, text, files };
  rows.add(row);
  paint(row);
  // Once in the page, a row that leaves it is dropped at the next update (the card was drawn again).
  queueMicrotask(() => (element.dataset['shown'] = 'yes'));
  return element;
}
