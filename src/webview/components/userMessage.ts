// A message the user sent: plain text (never parsed as HTML) with its mentions and attachments as chips,
// with copy, edit-and-resend, and "Restore checkpoint" where its turn changed files.
import type { UserMessageView } from '../../shared/protocol';
import { el, icon, iconButton, textButton } from '../dom';
import { checkpointBar } from './checkpointBar';
import { textWithMentions } from './mentionChips';
import type { MessageContext } from './messageContext';
import { sentAttachments } from './sentAttachments';

export class UserMessage {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;
  private readonly actions: HTMLElement;
  private readonly content: string;
  private readonly offersCheckpoint: boolean;

  constructor(private readonly view: UserMessageView, private readonly context: MessageContext) {
    this.content = view.content;
    this.body = el('div', { className: 'user-text', attrs: { 'data-testid': 'message-content' } }, textWithMentions(view.content, view.mentions ?? []));
    const copy = iconButton('copy', 'Copy message', 'copy-message');
    copy.addEventListener('click', () => context.post({ type: 'copy', text: this.content }));
    const edit = iconButton('edit', 'Edit and resend', 'edit-message');
    edit.addEventListener('click', () => this.startEditing());
    this.offersCheckpoint = view.checkpoint !== undefined && (context.fileChangingTurns?.has(view.id) ?? false);
    const checkpoint = view.checkpoint && this.offersCheckpoint ? [checkpointBar(view.checkpoint, context.conversationId, view.id, (m) => context.post(m))] : [];
    this.actions = el('div', { className: 'message-actions' }, [copy, edit]);
    this.element = el('div', {
      className: 'message user',
      attrs: { 'data-testid': 'message', 'data-role': 'user', 'data-message-id': view.id, role: 'article', 'aria-label': 'You' },
    }, [
      el('div', { className: 'message-header' }, [icon('account'), el('span', { className: 'message-author', text: 'You' })]),
      this.body,
      ...(view.attachments && view.attachments.length > 0 ? [sentAttachments(view.attachments)] : []),
      el('div', { className: 'message-footer' }, [...checkpoint, this.actions]),
    ]);
  }

  get id(): string {
    return this.view.id;
  }

  get text(): string {
    return this.content;
  }

  /** Accepts an updated view of the same message; false when it must be rebuilt. */
  update(view: UserMessageView, context: MessageContext): boolean {
    const offersCheckpoint = view.checkpoint !== undefined && (context.fileChangingTurns?.has(view.id) ?? false);
    return view.content === this.content && view.checkpoint?.createdAt === this.view.checkpoint?.createdAt && offersCheckpoint === this.offersCheckpoint && view.attachments?.length === this.view.attachments?.length;
  }

  private startEditing(): void {
    if (this.context.busy()) return;
    const editor = el('textarea', { className: 'edit-input', attrs: { 'aria-label': 'Edit message', rows: '3' } });
    editor.value = this.content;
    const save = textButton('send', 'Save and Resend', 'save-edit');
    const cancel = textButton('close', 'Cancel', 'cancel-edit');
    const form = el('div', { className: 'edit-form' }, [editor, el('div', { className: 'edit-buttons' }, [save, cancel])]);
    const finish = (): void => {
      form.replaceWith(this.body);
      this.actions.hidden = false;
    };
    const submit = (): void => {
      const text = editor.value;
      if (text.trim() === '' || this.context.busy()) return;
      this.context.post({ type: 'editAndResend', conversationId: this.context.conversationId, messageId: this.view.id, text });
      finish();
    };
    save.addEventListener('click', submit);
    cancel.addEventListener('click', finish);
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        submit();
      } else if (event.key === 'Escape') {
        event.stopPropagation();
        finish();
      }
    });
    this.body.replaceWith(form);
    this.actions.hidden = true;
    editor.focus();
  }
}
