// The `svc.*` settings of chat and requests, as rules with no editor behind them: each setting's default
// and what it allows. A value of the wrong kind (settings.json accepts anything) falls back to the
// default and is reported, naming the setting and what it allows; values of the right kind are kept as
// they are, and their rules that depend on the model are checked by settingsProblems.ts.
import { DEFAULT_COMPACTION_THRESHOLD } from '../../core/chat/compaction';
import * as l10n from '../../core/l10n';
import type { ShowReasoning } from '../../shared/protocol';

export const GLOBAL_BASE_URL = 'https://api.svc.ai/v1';
export const DEFAULT_MODEL = 'svc-k2.5';

export interface ChatSettings {
  baseUrl: string;
  model: string;
  thinking: boolean;
  /** Undefined: the model's default. */
  temperature: number | undefined;
  /** Undefined: the model's default (completionTokenCap: 16,000 for a thinking model, else the service's). */
  maxCompletionTokens: number | undefined;
  jsonMode: boolean;
  choiceCount: number;
  showReasoning: ShowReasoning;
  safetyIdentifier: boolean;
  systemPrompt: string;
  requestTimeoutSeconds: number;
  emulatorSpeed: number;
  /** Share of the context past which a conversation is compacted before the next message; 0 turns it off. */
  compactionThreshold: number;
}

/** A setting's value as the editor holds it (user-only settings: the user's value), by name without `svc.`. */
export type SettingLookup = (name: string) => unknown;

interface Rule<T> {
  name: string;
  fallback: T;
  /** What the setting allows, said when a value is refused; a function, so it is read in the display language. */
  allowed: () => string;
  accept(value: unknown): value is T;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isWhole = (min: number, max = Infinity) => (value: unknown): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

const bool = (name: string, fallback: boolean): Rule<boolean> => ({ name, fallback, allowed: () => l10n.t('true or false'), accept: isBoolean });
const text = (name: string, fallback: string): Rule<string> => ({ name, fallback, allowed: () => l10n.t('a string'), accept: isString });
const optional = <T>(rule: Omit<Rule<T>, 'fallback'>): Rule<T | undefined> => ({
  ...rule,
  fallback: undefined,
  allowed: () => l10n.t("{0}, or empty (null) for the model's default", rule.allowed()),
  accept: (value: unknown): value is T | undefined => value === null || rule.accept(value),
});

const SHOW_REASONING = ['expanded', 'collapsed', 'hidden'] as const;

const RULES = {
  baseUrl: text('baseUrl', GLOBAL_BASE_URL),
  model: text('model', DEFAULT_MODEL),
  thinking: bool('thinking', true),
  temperature: optional<number>({ name: 'temperature', allowed: () => l10n.t('a number from 0 to 1'), accept: isNumber }),
  maxCompletionTokens: optional<number>({ name: 'maxCompletionTokens', allowed: () => l10n.t('a whole number of tokens of at least 1'), accept: isWhole(1) }),
  jsonMode: bool('jsonMode', false),
  choiceCount: { name: 'alternatives', fallback: 1, allowed: () => l10n.t('a whole number from 1 to 5'), accept: isWhole(1, 5) } satisfies Rule<number>,
  showReasoning: {
    name: 'showReasoning',
    fallback: 'collapsed',
    allowed: () => SHOW_REASONING.map((v) => `"${v}"`).join(', '),
    accept: (value: unknown): value is ShowReasoning => (SHOW_REASONING as readonly unknown[]).includes(value),
  } satisfies Rule<ShowReasoning>,
  safetyIdentifier: bool('safetyIdentifier', false),
  systemPrompt: text('systemPrompt', ''),
  requestTimeoutSeconds: { name: 'requestTimeoutSeconds', fallback: 600, allowed: () => l10n.t('a whole number of seconds of at least 10'), accept: isWhole(10) } satisfies Rule<number>,
  emulatorSpeed: { name: 'emulator.speed', fallback: 0, allowed: () => l10n.t('a whole number of tokens per second, 0 for as fast as possible'), accept: isWhole(0) } satisfies Rule<number>,
  compactionThreshold: {
    name: 'compaction.threshold',
    fallback: DEFAULT_COMPACTION_THRESHOLD,
    allowed: () => l10n.t('a number from 0 (off) to 0.99'),
    accept: (value: unknown): value is number => isNumber(value) && value >= 0 && value < 1,
  } satisfies Rule<number>,
};

export interface ReadSettings {
  settings: ChatSettings;
  /** One line per refused value: `svc.<name>: must be <allowed> (got <value>)`. */
  problems: string[];
}

/** The settings from the editor's values, each refused one replaced by its default and reported. */
export function chatSettingsFrom(lookup: SettingLookup): ReadSettings {
  const problems: string[] = [];
  const take = <T>(rule: Rule<T>): T => {
    const value = lookup(rule.name);
    if (value === undefined) return rule.fallback;
    if (rule.accept(value)) return value ?? rule.fallback;
    problems.push(l10n.t('{0}: must be {1} (got {2})', `svc.${rule.name}`, rule.allowed(), JSON.stringify(value)));
    return rule.fallback;
  };
  const settings: ChatSettings = {
    baseUrl: take(RULES.baseUrl).trim() || GLOBAL_BASE_URL,
    model: take(RULES.model).trim() || DEFAULT_MODEL,
    thinking: take(RULES.thinking),
    temperature: take(RULES.temperature),
    maxCompletionTokens: take(RULES.maxCompletionTokens),
    jsonMode: take(RULES.jsonMode),
    choiceCount: take(RULES.choiceCount),
    showReasoning: take(RULES.showReasoning),
    safetyIdentifier: take(RULES.safetyIdentifier),
    systemPrompt: take(RULES.systemPrompt),
    requestTimeoutSeconds: take(RULES.requestTimeoutSeconds),
    emulatorSpeed: take(RULES.emulatorSpeed),
    compactionThreshold: take(RULES.compactionThreshold),
  };
  return { settings, problems };
}
