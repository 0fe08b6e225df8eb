// Where /compact cut the conversation: the messages above are kept and shown, but the model gets this
// summary in their place. The summary opens, and can be edited and saved.
import type { ConversationView, WebviewMessage } from '../../shared/protocol';
import { el, formatCount, icon, textButton } from '../dom';
import * as l10n from '../../shared/l10n';

type CompactionView = NonNullable<ConversationView['compaction']>;

export class CompactionCard {
  readonly element: HTMLElement;

  constructor(
    readonly id: string,
    private readonly compaction: CompactionView,
    conversationId: string,
    post: (message: WebviewMessage) => void,
  ) {
    const heading =
      compaction.tokensBefore !== undefined && compaction.tokensAfter !== undefined
        ? l10n.t('The messages above are sent as a summary (about {0} tokens → {1})', formatCount(compaction.tokensBefore), formatCount(compaction.tokensAfter))
        : l10n.t('The messages above are sent as a summary');
    const text = el('div', { className: 'compaction-summary', text: compaction.summary, attrs: { 'data-testid': 'compaction-summary' } });
    const edit = textButton('edit', l10n.t('Edit summary'), 'edit-compaction', { 'data-testid': 'compaction-edit' });
    const body = el('div', {}, [text, edit]);
    edit.addEventListener('click', () => {
      const editor = el('textarea', { className: 'plan-editor', attrs: { 'aria-label': l10n.t('Summary sent in place of the messages above'), rows: '8', 'data-testid': 'compaction-editor' } });
      editor.value = compaction.summary;
      const save = textButton('check', l10n.t('Save'), 'save-compaction', { 'data-testid': 'compaction-save' });
      save.addEventListener('click', () => {
        if (editor.value.trim() === '') return;
        save.disabled = true;
        post({ type: 'editCompaction', conversationId, summary: editor.value });
      });
      body.replaceChildren(editor, save);
      editor.focus();
    });
    this.element = el('details', { className: 'compaction-card', attrs: { 'data-testid': 'compaction' } }, [
      el('summary', {}, [icon('fold'), el('span', { text: ` ${heading}` })]),
      body,
    ]);
  }

  matches(compaction: CompactionView): boolean {
    return JSON.stringify(compaction) === JSON.stringify(this.compaction);
  }
}
