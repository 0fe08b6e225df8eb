// @-mentions in a message: `@path` (a file or folder of the workspace), `@problems`, `@selection`,
// `@terminal`, `@git` and `@url:https://…`. Each is resolved when the message is sent into a system
// message before it (like an attached file), within a budget shared by all of them; a mention that
// cannot be resolved says why, and the message is sent anyway.
import type { SystemMessage } from '../../api/index';
import * as l10n from '../l10n';

export type MentionKind = 'path' | 'problems' | 'selection' | 'terminal' | 'git' | 'url';

export interface Mention {
  kind: MentionKind;
  /** The path or the URL; empty for the others. */
  value: string;
  /** As typed, `@` included. */
  raw: string;
}

/** What a source gives back: text for the model, or why there is none. */
export type Resolved = { title: string; text: string } | { error: string };

/** Where mentions are read from (the editor, the workspace, git, the service's fetch). */
export interface MentionSources {
  /** A file, or a folder as its listing plus the files that fit `budgetChars`. */
  path(path: string, budgetChars: number): Promise<Resolved>;
  problems(): Promise<Resolved>;
  selection(): Promise<Resolved>;
  terminal(): Promise<Resolved>;
  git(): Promise<Resolved>;
  url(url: string): Promise<Resolved>;
}

const KEYWORDS: Record<string, MentionKind> = { problems: 'problems', selection: 'selection', terminal: 'terminal', git: 'git' };
const MENTION = /(^|\s)@(\S+)/g;

/** Every mention in the text, once each, in order. `@` inside a word (an e-mail address) is not one. */
export function parseMentions(text: string): Mention[] {
  const found: Mention[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const token = (match[2] as string).replace(/[.,;:!?)\]]+$/, '');
    if (token === '' || seen.has(token)) continue;
    seen.add(token);
    const keyword = KEYWORDS[token.toLowerCase()];
    if (keyword) found.push({ kind: keyword, value: '', raw: `@${token}` });
    else if (/^url:/i.test(token)) found.push({ kind: 'url', value: token.slice(4), raw: `@${token}` });
    else if (/^https?:\/\//i.test(token)) found.push({ kind: 'url', value: token, raw: `@${token}` });
    else found.push({ kind: 'path', value: token, raw: `@${token}` });
  }
  return found;
}

/** How one mention fared, for the chip the view shows: what it adds, or why it adds nothing. */
export interface MentionOutcome {
  raw: string;
  kind: MentionKind;
  /** The system message it became (absent when it could not be resolved). */
  message?: SystemMessage;
  problem?: string;
}

export interface ResolvedMentions {
  /** One system message per resolved mention, in the order typed. */
  messages: SystemMessage[];
  /** Mentions that could not be resolved, with why. */
  problems: { raw: string; reason: string }[];
  /** Every mention in the order typed, resolved or not. */
  outcomes: MentionOutcome[];
}

/** Characters all mentions of one message may add (about 24,000 tokens). */
export const MENTION_BUDGET_CHARS = 96_000;

function cut(text: string, budget: number): string {
  return text.length <= budget ? text : `${text.slice(0, budget)}\n[cut: ${text.length} characters; only the first ${budget} are sent]`;
}

export async function resolveMentions(mentions: readonly Mention[], sources: MentionSources, budgetChars = MENTION_BUDGET_CHARS): Promise<ResolvedMentions> {
  const messages: SystemMessage[] = [];
  const problems: ResolvedMentions['problems'] = [];
  const outcomes: MentionOutcome[] = [];
  const refuse = (mention: Mention, reason: string): void => {
    problems.push({ raw: mention.raw, reason });
    outcomes.push({ raw: mention.raw, kind: mention.kind, problem: reason });
  };
  let left = budgetChars;
  for (const mention of mentions) {
    if (left <= 0) {
      refuse(mention, l10n.t('the mentions before it used the whole budget'));
      continue;
    }
    let resolved: Resolved;
    try {
      resolved = await resolve(mention, sources, left);
    } catch (error) {
      resolved = { error: error instanceof Error ? error.message : String(error) };
    }
    if ('error' in resolved) {
      refuse(mention, resolved.error);
      continue;
    }
    const text = cut(resolved.text, left);
    left -= text.length;
    const message: SystemMessage = { role: 'system', content: `The user mentioned ${mention.raw} (${resolved.title}):\n\n${text}` };
    messages.push(message);
    outcomes.push({ raw: mention.raw, kind: mention.kind, message });
  }
  return { messages, problems, outcomes };
}

function resolve(mention: Mention, sources: MentionSources, budget: number): Promise<Resolved> {
  switch (mention.kind) {
    case 'path':
      return sources.path(mention.value, budget);
    case 'problems':
      return sources.problems();
    case 'selection':
      return sources.selection();
    case 'terminal':
      return sources.terminal();
    case 'git':
      return sources.git();
    case 'url':
      return sources.url(mention.value);
  }
}

/**
 * Mentions resolved only once the message is sent, never while the draft is typed: a URL would ask the
 * user at every keystroke, and `@git` runs a program whose behaviour the folder's own config decides.
 */
const RESOLVED_ON_SEND_ONLY: ReadonlySet<MentionKind> = new Set(['url', 'git']);

/** The draft's mentions as the estimate counts them, in the order typed; those resolved on send only are listed. */
export async function draftMentions(draft: string, sources: MentionSources): Promise<MentionOutcome[]> {
  const mentions = parseMentions(draft);
  const { outcomes } = await resolveMentions(mentions.filter((m) => !RESOLVED_ON_SEND_ONLY.has(m.kind)), sources);
  return mentions.map((m) => outcomes.find((o) => o.raw === m.raw) ?? { raw: m.raw, kind: m.kind });
}
