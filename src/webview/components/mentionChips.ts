// @-mentions as chips: above the composer, one per mention of the draft with what it adds to the next
// request (its tokens) or why it adds nothing, removable; and inside a sent message, where each mention
// reads as a chip within the text. The text itself stays plain (never parsed as HTML).
import type { MentionChipView, MentionView } from '../../shared/protocol';
import { el, formatCount, icon } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

const KIND_ICONS: Record<MentionView['kind'], Codicon> = { path: 'file', problems: 'warning', selection: 'selection', terminal: 'terminal', git: 'git-compare', url: 'link' };

function chipBody(mention: MentionView): HTMLElement[] {
  return [icon(KIND_ICONS[mention.kind]), el('span', { className: 'mention-name', text: mention.raw.slice(1) })];
}

function chipTitle(chip: MentionChipView): string {
  if (chip.problem !== undefined) return l10n.t('{0} will not be sent: {1}', chip.raw, chip.problem);
  if (chip.tokens !== undefined) return l10n.t('{0}: about {1} tokens, sent before your message', chip.raw, formatCount(chip.tokens));
  return l10n.t('{0}: fetched when the message is sent, after you approve', chip.raw);
}

/**
 * Where the mentions `raws` stand in a text, as the host parses them: at a word's start, ending before
 * a space or trailing punctuation. Group 1 is what precedes the mention, group 2 the mention.
 */
export function mentionPattern(raws: readonly string[], flags = ''): RegExp {
  const escaped = [...raws].sort((a, b) => b.length - a.length).map((raw) => raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)(${escaped.join('|')})(?=$|[\\s.,;:!?)\\]])`, flags);
}

/** The text of a sent message with each mention as a chip. */
export function textWithMentions(text: string, mentions: readonly MentionView[]): Node[] {
  if (mentions.length === 0) return [document.createTextNode(text)];
  const byRaw = new Map(mentions.map((m) => [m.raw, m]));
  const pattern = mentionPattern([...byRaw.keys()], 'g');
  const nodes: Node[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const start = (match.index ?? 0) + (match[1] as string).length;
    const mention = byRaw.get(match[2] as string) as MentionView;
    if (start > at) nodes.push(document.createTextNode(text.slice(at, start)));
    nodes.push(el('span', { className: 'mention-chip', attrs: { 'data-testid': 'mention-chip', 'data-kind': mention.kind, title: mention.raw } }, chipBody(mention)));
    at = start + mention.raw.length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

export class MentionChips {
  readonly element: HTMLElement;
  private chips: MentionChipView[] = [];

  /** `remove` takes a mention out of the draft. */
  constructor(private readonly remove: (raw: string) => void) {
    this.element = el('ul', { className: 'mention-chips', attrs: { 'data-testid': 'mention-chips', 'aria-label': l10n.t('Mentions in your message') } });
    this.element.hidden = true;
  }

  /** The chips of the last estimate. */
  show(chips: readonly MentionChipView[]): void {
    this.chips = [...chips];
    this.render();
  }

  /** Drops at once the chips whose mention is no longer in the draft (the next estimate brings new ones). */
  keepOnly(draft: string): void {
    const kept = this.chips.filter((chip) => draft.includes(chip.raw));
    if (kept.length === this.chips.length) return;
    this.chips = kept;
    this.render();
  }

  private render(): void {
    this.element.replaceChildren(
      ...this.chips.map((chip) => {
        const remove = el('button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': l10n.t('Remove {0}', chip.raw), title: l10n.t('Remove {0}', chip.raw) } }, [icon('close')]);
        remove.addEventListener('click', () => this.remove(chip.raw));
        const figure = chip.problem !== undefined ? l10n.t('not sent') : chip.tokens !== undefined ? l10n.t('{0} tokens', formatCount(chip.tokens)) : l10n.t('when sent');
        return el('li', {
          className: `mention-chip${chip.problem !== undefined ? ' problem' : ''}`,
          attrs: { 'data-testid': 'mention-chip', 'data-kind': chip.kind, title: chipTitle(chip) },
        }, [...chipBody(chip), el('span', { className: 'mention-size', text: figure }), remove]);
      }),
    );
    this.element.hidden = this.chips.length === 0;
  }
}
