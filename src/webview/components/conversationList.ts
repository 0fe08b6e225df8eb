// The list of conversations, which is also the list of sessions: titles under their day (Today,
// Yesterday, then the date), each with its session's state, model, cost, files changed and age; search
// (titles at once, contents through the host), switch, rename in place, delete and export; Stop on a
// running session, Resume on a stopped one, Apply and Discard on a background task that ended with
// changes. A background task, whose conversation is not one of this
// window's, is a row of its own. Choosing a conversation closes the list, so the chat it opens is what
// the user sees. While the list is closed it is not drawn: it is drawn when it opens.
import type { ConversationSummary, SessionView, WebviewMessage } from '../../shared/protocol';
import { el, formatTime, iconButton } from '../dom';
import { dayLabel } from './dayLabel';
import { sessionButtons, sessionMeta, sessionSummary, type SessionRowActions } from './sessionRow';
import * as l10n from '../../shared/l10n';

export interface ConversationListCallbacks extends SessionRowActions {
  /** Opens a session whose conversation is not in this window's list (a background task). */
  openSession(sessionId: string): void;
  open(conversationId: string): void;
  rename(conversationId: string, title: string): void;
  remove(conversationId: string): void;
  exportConversation(conversationId: string): void;
  /** Asks the host to search contents; results come back through `showSearchResults`. */
  search(query: string): void;
  /** The list was shown or hidden (the toolbar button's state and the saved view state follow). */
  openChanged(open: boolean): void;
}

type Entry = ConversationSummary & { snippet?: string; background?: SessionView };

const SEARCH_DEBOUNCE_MS = 250;

export class ConversationList {
  readonly element: HTMLElement;
  private readonly searchInput: HTMLInputElement;
  private readonly list: HTMLUListElement;
  private conversations: ConversationSummary[] = [];
  private searchResults: Entry[] | undefined;
  private activeId: string | undefined;
  /** Sessions by conversation id. */
  private sessions = new Map<string, SessionView>();
  private debounce: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly callbacks: ConversationListCallbacks, open: boolean) {
    this.searchInput = el('input', { className: 'search-input', attrs: { type: 'search', placeholder: l10n.t('Search conversations'), 'aria-label': l10n.t('Search conversations'), 'data-testid': 'conversation-search' } });
    this.list = el('ul', { className: 'conversation-list', attrs: { 'aria-label': l10n.t('Conversations') } });
    this.element = el('section', { className: 'conversation-panel', attrs: { 'aria-label': l10n.t('Conversations'), 'data-testid': 'conversation-panel' } }, [this.searchInput, this.list]);
    this.element.hidden = !open;
    this.searchInput.addEventListener('input', () => {
      this.searchResults = undefined;
      this.render();
      if (this.debounce !== undefined) clearTimeout(this.debounce);
      const query = this.searchInput.value.trim();
      if (query !== '') this.debounce = setTimeout(() => this.callbacks.search(query), SEARCH_DEBOUNCE_MS);
    });
  }

  setConversations(conversations: ConversationSummary[], activeId: string | undefined): void {
    this.conversations = conversations;
    this.activeId = activeId;
    this.render();
  }

  setSessions(sessions: readonly SessionView[]): void {
    this.sessions = new Map(sessions.map((s) => [s.conversationId, s]));
    this.render();
  }

  /** Content matches from the host for the query that is still typed (older answers are ignored by the caller). */
  showSearchResults(results: Entry[]): void {
    if (this.searchInput.value.trim() === '') return;
    this.searchResults = results;
    this.render();
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  setOpen(open: boolean): void {
    this.element.hidden = !open;
    // Drawn on opening: ages are current, and what changed while it was closed shows.
    if (open) this.render();
    this.callbacks.openChanged(open);
    if (open) this.searchInput.focus();
  }

  /** The window's conversations and the background sessions, newest activity first. */
  private all(): Entry[] {
    const listed = new Set(this.conversations.map((c) => c.id));
    const background: Entry[] = [...this.sessions.values()]
      .filter((s) => s.kind === 'background' && !listed.has(s.conversationId))
      .map((s) => ({ id: s.conversationId, title: s.title, updatedAt: s.updatedAt, messageCount: 0, background: s }));
    if (background.length === 0) return this.conversations;
    return [...this.conversations, ...background].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  private visible(): Entry[] {
    const query = this.searchInput.value.trim().toLowerCase();
    if (query === '') return this.all();
    const byTitle = this.all().filter((c) => c.title.toLowerCase().includes(query));
    const seen = new Set(byTitle.map((c) => c.id));
    return [...byTitle, ...(this.searchResults ?? []).filter((c) => !seen.has(c.id))];
  }

  private render(): void {
    if (this.element.hidden) return;
    const entries = this.visible();
    if (entries.length === 0) {
      const empty = this.searchInput.value.trim() === '' ? l10n.t('No conversations yet.') : l10n.t('No conversation matches.');
      this.list.replaceChildren(el('li', { className: 'conversation-empty', text: empty }));
      return;
    }
    const now = Date.now();
    const rows: HTMLLIElement[] = [];
    let day: string | undefined;
    for (const entry of entries) {
      const label = dayLabel(entry.updatedAt, now);
      if (label !== day) rows.push(el('li', { className: 'conversation-day', text: label, attrs: { role: 'presentation', 'data-testid': 'conversation-day' } }));
      day = label;
      rows.push(this.item(entry, now));
    }
    this.list.replaceChildren(...rows);
  }

  private item(entry: Entry, now: number): HTMLLIElement {
    const session = entry.background ?? this.sessions.get(entry.id);
    const title = entry.title || l10n.t('Untitled');
    const described = session ? `${title} · ${sessionSummary(session, now)}` : title;
    const open = el('button', {
      className: 'conversation-open',
      attrs: { type: 'button', title: `${described} · ${formatTime(entry.updatedAt)}`, 'aria-label': described, 'aria-current': String(entry.id === this.activeId) },
    }, [el('span', { className: 'conversation-title', text: title })]);
    if (session) open.append(sessionMeta(session, now));
    if (entry.snippet) open.append(el('span', { className: 'conversation-snippet', text: entry.snippet }));
    open.addEventListener('click', () => {
      if (entry.background) this.callbacks.openSession(entry.background.id);
      else this.callbacks.open(entry.id);
      this.setOpen(false);
    });
    const controls = session ? sessionButtons(session, title, this.callbacks) : [];
    if (entry.background) {
      const row = el('li', { className: 'conversation-item', attrs: { 'data-testid': 'session-row' } }, [open, ...controls]);
      if (entry.id === this.activeId) row.classList.add('active');
      return row;
    }
    const rename = iconButton('edit', l10n.t('Rename "{0}"', entry.title), 'rename-conversation');
    const exportButton = iconButton('save-as', l10n.t('Export "{0}" as Markdown…', entry.title), 'export-conversation');
    const remove = iconButton('trash', l10n.t('Delete "{0}"', entry.title), 'delete-conversation');
    const item = el('li', { className: 'conversation-item', attrs: { 'data-testid': 'session-row' } }, [open, ...controls, el('div', { className: 'conversation-actions' }, [rename, exportButton, remove])]);
    if (entry.id === this.activeId) item.classList.add('active');
    rename.addEventListener('click', () => this.startRename(item, entry));
    exportButton.addEventListener('click', () => this.callbacks.exportConversation(entry.id));
    remove.addEventListener('click', () => this.callbacks.remove(entry.id));
    return item;
  }

  private startRename(item: HTMLLIElement, entry: Entry): void {
    const input = el('input', { className: 'rename-input', attrs: { type: 'text', 'aria-label': l10n.t('New title'), maxlength: '200' } });
    input.value = entry.title;
    let done = false;
    const finish = (edit: 'keep' | 'cancel'): void => {
      if (done) return;
      done = true;
      const title = input.value.trim();
      if (edit === 'keep' && title !== '' && title !== entry.title) this.callbacks.rename(entry.id, title);
      this.render();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') finish('keep');
      else if (event.key === 'Escape') {
        event.stopPropagation();
        finish('cancel');
      }
    });
    input.addEventListener('blur', () => finish('keep'));
    item.replaceChildren(input);
    input.focus();
    input.select();
  }
}

/** The list with every action that is a message to the host; the view keeps the search and the open state. */
export function hostedConversationList(
  host: { post(message: WebviewMessage): void; nextRequestId(): string },
  local: Pick<ConversationListCallbacks, 'search' | 'openChanged'>,
  open: boolean,
): ConversationList {
  const post = (message: WebviewMessage) => host.post(message);
  return new ConversationList({
    open: (conversationId) => post({ type: 'switchConversation', conversationId }),
    openSession: (sessionId) => post({ type: 'openSession', sessionId }),
    stop: (sessionId) => post({ type: 'stopSession', sessionId }),
    resume: (sessionId) => post({ type: 'resumeSession', sessionId }),
    apply: (sessionId) => post({ type: 'applySession', sessionId }),
    discard: (sessionId) => post({ type: 'discardSession', sessionId }),
    rename: (conversationId, title) => post({ type: 'renameConversation', conversationId, title }),
    remove: (conversationId) => post({ type: 'deleteConversation', conversationId }),
    exportConversation: (conversationId) => post({ type: 'exportConversation', requestId: host.nextRequestId(), conversationId }),
    ...local,
  }, open);
}
