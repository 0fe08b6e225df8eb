// The completion list of the message box: `@` offers mentions (the keywords, the workspace's files and
// folders, from the host), `/` at the start offers the slash commands (slashCommands.ts), then the skills
// and prompt files the host listed, each with its description and where it comes from. Keyboard first:
// Up and Down move, Enter or Tab accept, Escape closes; a click accepts too.
import type { HostMessageOf } from '../../shared/protocol';
import { el, icon } from '../dom';
import * as l10n from '../../shared/l10n';
import { offeredCustomCommands, SLASH_COMMANDS, type CustomCommand } from '../slashCommands';
import type { Codicon } from '../codicons';

type Candidate = HostMessageOf<'mentionCandidates'>['candidates'][number];

interface Item {
  label: string;
  detail: string;
  icon: Codicon;
  /** Replaces the typed token. */
  insert: string;
}

const KIND_ICONS: Record<Candidate['kind'], Codicon> = { file: 'file', folder: 'folder', problems: 'warning', selection: 'selection', terminal: 'terminal', git: 'git-compare', url: 'globe' };

/** The token being typed at the caret: an @ mention or a slash command, with where it starts. */
export function tokenAtCaret(text: string, caret: number): { kind: 'mention' | 'command'; query: string; start: number } | undefined {
  const before = text.slice(0, caret);
  const mention = /(^|\s)@([^\s@]*)$/.exec(before);
  if (mention) return { kind: 'mention', query: mention[2] as string, start: caret - (mention[2] as string).length - 1 };
  const command = /^\/([\w-]*)$/.exec(before);
  if (command) return { kind: 'command', query: command[1] as string, start: 0 };
  return undefined;
}

export class ComposerCompletion {
  readonly element: HTMLElement;
  private items: Item[] = [];
  private selected = 0;
  private token: ReturnType<typeof tokenAtCaret>;
  private custom: CustomCommand[] = [];

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly requestMentions: (query: string) => void,
  ) {
    this.element = el('div', { className: 'completion-list', attrs: { role: 'listbox', 'data-testid': 'completion-list', 'aria-label': l10n.t('Suggestions') } });
    this.element.hidden = true;
    input.setAttribute('aria-autocomplete', 'list');
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
    // Capture: the list takes Enter, Tab and Escape before the message box sends or stops.
    input.addEventListener('keydown', (event) => this.key(event), { capture: true });
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** The host's candidates for the @ token being typed (an answer to a token no longer typed is ignored). */
  showMentions(query: string, candidates: readonly Candidate[]): void {
    if (this.token?.kind !== 'mention' || this.token.query !== query) return;
    this.show(candidates.map((c) => ({ label: `@${c.value}`, detail: c.detail, icon: KIND_ICONS[c.kind], insert: `@${c.value}${c.kind === 'url' ? '' : ' '}` })));
  }

  /** The skills and prompt files the host listed. */
  setCustomCommands(commands: readonly CustomCommand[]): void {
    this.custom = offeredCustomCommands(commands);
  }

  private update(): void {
    this.token = tokenAtCaret(this.input.value, this.input.selectionStart);
    if (!this.token) return this.close();
    if (this.token.kind === 'mention') return this.requestMentions(this.token.query);
    const query = this.token.query.toLowerCase();
    const builtIn = SLASH_COMMANDS.filter((c) => c.name.startsWith(query)).map((c): Item => ({ label: `/${c.name}`, detail: c.detail, icon: 'symbol-event', insert: `/${c.name} ` }));
    const custom = this.custom
      .filter((c) => c.name.toLowerCase().startsWith(query))
      .map((c): Item => ({
        label: c.argumentHint ? `/${c.name} ${c.argumentHint}` : `/${c.name}`,
        detail: c.description === '' ? c.origin : l10n.t('{0} ({1})', c.description, c.origin),
        icon: c.kind === 'skill' ? 'lightbulb' : 'note',
        insert: `/${c.name} `,
      }));
    this.show([...builtIn, ...custom]);
  }

  private show(items: Item[]): void {
    this.items = items;
    this.selected = 0;
    if (items.length === 0) return this.close();
    this.element.hidden = false;
    this.render();
  }

  private render(): void {
    this.element.replaceChildren(
      ...this.items.map((item, i) => {
        const option = el('div', { className: `completion-item${i === this.selected ? ' selected' : ''}`, attrs: { role: 'option', 'aria-selected': String(i === this.selected), 'data-testid': 'completion-item' } }, [
          icon(item.icon),
          el('span', { className: 'completion-label', text: ` ${item.label}` }),
          el('span', { className: 'completion-detail', text: ` ${item.detail}` }),
        ]);
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          this.accept(i);
        });
        return option;
      }),
    );
  }

  private key(event: KeyboardEvent): void {
    if (!this.open || event.isComposing) return;
    const take = () => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      take();
      this.selected = (this.selected + (event.key === 'ArrowDown' ? 1 : this.items.length - 1)) % this.items.length;
      this.render();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      take();
      this.accept(this.selected);
    } else if (event.key === 'Escape') {
      take();
      this.close();
    }
  }

  private accept(index: number): void {
    const item = this.items[index];
    const token = this.token;
    if (!item || !token) return;
    const caret = this.input.selectionStart;
    const value = this.input.value;
    this.input.value = value.slice(0, token.start) + item.insert + value.slice(caret);
    const at = token.start + item.insert.length;
    this.input.setSelectionRange(at, at);
    this.close();
    this.input.dispatchEvent(new Event('input'));
    this.input.focus();
  }

  private close(): void {
    this.element.hidden = true;
    this.items = [];
  }
}
