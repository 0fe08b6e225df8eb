// Small typed helpers for building the UI with DOM APIs (never HTML strings: only sanitised model
// output is parsed as HTML, in markdownRenderer.ts).
import * as l10n from '../shared/l10n';
import type { Codicon } from './codicons';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; attrs?: Record<string, string> } = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

/**
 * A codicon glyph (the font ships in dist/ with the bundle's CSS, holding only the glyphs codicons.ts lists);
 * hidden from screen readers. `'spin'` makes it turn (the codicon stylesheet spins only `loading` and `sync`
 * among them).
 */
export function icon(name: Codicon, modifier?: 'spin'): HTMLSpanElement {
  return el('span', { className: `codicon codicon-${name}${modifier === 'spin' ? ' codicon-modifier-spin' : ''}`, attrs: { 'aria-hidden': 'true' } });
}

/** An icon-only button: the label is its accessible name and its tooltip. */
export function iconButton(name: Codicon, label: string, action: string, extra: Record<string, string> = {}): HTMLButtonElement {
  return el('button', {
    className: 'icon-button',
    attrs: { type: 'button', 'aria-label': label, title: label, 'data-action': action, ...extra },
  }, [icon(name)]);
}

/** A button with an icon and a visible label. */
export function textButton(name: Codicon, label: string, action: string, extra: Record<string, string> = {}): HTMLButtonElement {
  return el('button', {
    className: 'text-button',
    attrs: { type: 'button', 'data-action': action, ...extra },
  }, [icon(name), el('span', { text: label })]);
}

let countFormat: Intl.NumberFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/**
 * Digit grouping by threes with a comma ("12,345"), as both English and Chinese write it. Whole numbers,
 * which every count is, are grouped here: a page's first Intl formatter loads the locale's data, 17 ms on
 * the way to the page's `ready`. Others go to Intl in the display language, made once because
 * `toLocaleString` builds a formatter on every call.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return (countFormat ??= new Intl.NumberFormat(l10n.language())).format(value);
  const digits = String(Math.abs(value));
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * A moment as VS Code's display language writes a short date and time. The formatter is made once (one per call
 * costs more than the rest of a conversation list item), on first use: the first Intl formatter of a page
 * loads the locale's data, which the warm-up (idleWarmUp.ts) pays after `ready` instead of the page's load.
 */
export function formatTime(epochMs: number): string {
  return (timeFormat ??= new Intl.DateTimeFormat(l10n.language(), { dateStyle: 'short', timeStyle: 'short' })).format(epochMs);
}
