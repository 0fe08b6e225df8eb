// What undoing an agent task did, as the user is told it (a notification and a notice in the chat), in
// their language: each kind of outcome is one whole clause, the file names and the reasons as they are.
import type { UndoReport } from '../tools/changeJournal';
import * as l10n from '../l10n';

export function undoMessage(task: string, report: UndoReport): string {
  const parts = [
    report.restored.length > 0 ? l10n.t('restored {0}', report.restored.join(', ')) : '',
    report.deleted.length > 0 ? l10n.t('deleted {0} (created by the task)', report.deleted.join(', ')) : '',
    ...report.movedBack.map((m) => l10n.t('moved {0} back to {1}', m.from, m.to)),
    ...report.skipped.map((s) => l10n.t('left {0} alone: {1}', s.display, s.reason)),
  ].filter((p) => p !== '');
  const done = parts.length > 0 ? parts.reduce((said, next) => l10n.t('{0}; {1}', said, next)) : l10n.t('nothing to do');
  return l10n.t('svc: undid the agent task "{0}": {1}.', task.slice(0, 60), done);
}
