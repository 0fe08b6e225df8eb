// Where /compact cut the conversation: the messages above are kept and shown, but the model gets this
// summary in their place. The summary opens, and can be edited and saved.
import type { ConversationView, WebviewMessage } from '../../shared/protocol';
import { el, formatCount, icon, textButton } from '../dom';

type CompactionView = NonNullable<ConversationView['compaction']>;

export class CompactionCard {
  readonly element: HTMLElement;

  constructor(
    readonly id: string,
    private readonly compaction: CompactionView,
    conversationId: string,
    post: (message: WebviewMessage) => void,
  ) {
    const figures = compaction.tokensBefore !== undefined && compaction.tokensAfter !== undefined ? ` (about ${formatCount(compaction.tokensBefore)} tokens → ${formatCount(compaction.tokensAfter)})` : '';
    const text = el('div', { className: 'compaction-summary', text: compaction.summary, attrs: { 'data-testid': 'compaction-summary' } });
    const edit = textButton('edit', 'Edit summary', 'edit-compaction', { 'data-testid': 'compaction-edit' });
    const body = el('div', {}, [text, edit]);
    edit.addEventListener('click', () => {
      const editor = el('textarea', { className: 'plan-editor', attrs: { 'aria-label': 'Summary sent in place of the messages above', rows: '8', 'data-testid': 'compaction-editor' } });
      editor.value = compaction.summary;
      const save = textButton('check', 'Save', 'save-compaction', { 'data-testid': 'compaction-save' });
      save.addEventListener('click', () => {
        if (editor.value.trim() === '') return;
        save.disabled = true;
        post({ type: 'editCompaction', conversationId, summary: editor.value });
      });
      body.replaceChildren(editor, save);
      editor.focus();
    });
    this.element = el('details', { className: 'compaction-card', attrs: { 'data-testid': 'compaction' } }, [
      el('summary', {}, [icon('fold'), el('span', { text: ` The messages above are sent as a summary${figures}` })]),
      body,
    ]);
  }

  matches(compaction: CompactionView): boolean {
    return JSON.stringify(compaction) === JSON.stringify(this.compaction);
  }
}
