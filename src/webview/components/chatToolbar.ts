// The bar above the conversation: the conversation list's toggle (with the number of sessions waiting
// for an approval on it), the conversation's title and totals, and the buttons to find in it, start a
// new chat and export it.
import type { ConversationView } from '../../shared/protocol';
import * as l10n from '../../shared/l10n';
import { el, iconButton } from '../dom';
import { ConversationTotals } from './conversationTotals';

export interface ChatToolbarActions {
  toggleList(): void;
  find(): void;
  newChat(): void;
  exportActive(): void;
}

export class ChatToolbar {
  readonly element: HTMLElement;
  private readonly title = el('h1', { className: 'conversation-heading', text: l10n.t('New chat') });
  private readonly totals = new ConversationTotals();
  private readonly listToggle: HTMLButtonElement;
  private readonly waiting = el('span', { className: 'session-badge', attrs: { 'data-testid': 'sessions-waiting', 'aria-hidden': 'true' } });

  constructor(actions: ChatToolbarActions, listOpen: boolean) {
    this.listToggle = iconButton('list-unordered', l10n.t('Show conversations'), 'toggle-conversations', { 'aria-expanded': String(listOpen) });
    this.waiting.hidden = true;
    this.listToggle.append(this.waiting);
    this.listToggle.addEventListener('click', () => actions.toggleList());
    const newChat = iconButton('add', l10n.t('New chat'), 'new-chat');
    newChat.addEventListener('click', () => actions.newChat());
    const exportButton = iconButton('save-as', l10n.t('Export conversation as Markdown…'), 'export-active');
    exportButton.addEventListener('click', () => actions.exportActive());
    const findButton = iconButton('search', l10n.t('Find in conversation (Ctrl+F)'), 'find-in-conversation');
    findButton.addEventListener('click', () => actions.find());
    this.element = el('header', { className: 'toolbar' }, [this.listToggle, this.title, this.totals.element, findButton, newChat, exportButton]);
  }

  listOpened(open: boolean): void {
    this.listToggle.setAttribute('aria-expanded', String(open));
  }

  /** How many sessions wait for an approval: a number on the list's toggle, and in its name and tooltip. */
  showWaiting(count: number): void {
    this.waiting.hidden = count === 0;
    this.waiting.textContent = String(count);
    const label = count === 0 ? l10n.t('Show conversations') : count === 1 ? l10n.t('Show conversations: 1 session waits for your approval') : l10n.t('Show conversations: {0} sessions wait for your approval', count);
    this.listToggle.setAttribute('aria-label', label);
    this.listToggle.title = label;
    this.listToggle.classList.toggle('has-waiting', count > 0);
  }

  /** The conversation shown (null for a new chat): its title and totals. */
  show(conversation: ConversationView | null): void {
    this.title.textContent = conversation?.title || l10n.t('New chat');
    this.showTotals(conversation);
  }

  showTotals(conversation: ConversationView | null): void {
    this.totals.show(conversation);
  }
}
