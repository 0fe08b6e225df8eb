// The `svc.*` settings of chat and requests as one table of rules with no editor behind them. Each
// setting is declared once, in SETTING_RULES: its name, its type (a zod schema, which the settings' type
// is inferred from and package.json's entry is held to by settingsManifest.test.ts), its default, what it
// allows (said when a value is refused) and the request field it sets (so the service's refusal of that
// field names the setting, settingsProblems.ts). A value of the wrong kind (settings.json accepts
// anything) falls back to the default and is reported; values of the right kind are kept, and their rules
// that depend on the model are checked by settingsProblems.ts.
import * as z from 'zod/mini';
import { DEFAULT_COMPACTION_THRESHOLD } from '../../core/chat/compaction';
import * as l10n from '../../core/l10n';

export const GLOBAL_BASE_URL = 'https://api.svc.ai/v1';
export const DEFAULT_MODEL = 'svc-k2.5';

/** A setting's value as the editor holds it (user-only settings: the user's value), by name without `svc.`. */
export type SettingLookup = (name: string) => unknown;

export interface SettingRule<T> {
  /** The name without `svc.`, as in package.json. */
  name: string;
  /** What a value must be, and what it becomes (text trimmed, empty (null) the model's default). */
  schema: z.ZodMiniType<T>;
  fallback: T;
  /** What the setting allows, said when a value is refused; a function, so it is read in the display language. */
  allowed: () => string;
  /** The request field the setting sets, when it sets one. */
  field?: string;
}

function rule<T>(declared: Omit<SettingRule<T>, 'fallback'> & { fallback: NoInfer<T> }): SettingRule<T> {
  return declared;
}

const trueOrFalse = () => l10n.t('true or false');
const aString = () => l10n.t('a string');
/** Text with surrounding spaces taken off; empty is the default. */
const trimmedOr = (fallback: string) => z.pipe(z.string(), z.transform((text: string) => text.trim() || fallback));
/** Empty (null) in settings.json: the model's default, which is no value in the request. */
const orModelDefault = <T>(schema: z.ZodMiniType<T>) => z.pipe(z.nullable(schema), z.transform((value: T | null) => value ?? undefined));
const orModelDefaultText = (allowed: () => string) => () => l10n.t("{0}, or empty (null) for the model's default", allowed());
const whole = (min: number, max?: number) => z.int().check(z.minimum(min), ...(max !== undefined ? [z.maximum(max)] : []));

const SHOW_REASONING = ['expanded', 'collapsed', 'hidden'] as const;

/** Every chat and request setting, in the order their problems are reported. */
export const SETTING_RULES = {
  baseUrl: rule({ name: 'baseUrl', schema: trimmedOr(GLOBAL_BASE_URL), fallback: GLOBAL_BASE_URL, allowed: aString }),
  model: rule({ name: 'model', schema: trimmedOr(DEFAULT_MODEL), fallback: DEFAULT_MODEL, allowed: aString, field: 'model' }),
  thinking: rule({ name: 'thinking', schema: z.boolean(), fallback: true, allowed: trueOrFalse, field: 'thinking' }),
  /** Any number here; its range is the service's rule, checked by settingsProblems.ts whatever the model. */
  temperature: rule({ name: 'temperature', schema: orModelDefault(z.number()), fallback: undefined, allowed: orModelDefaultText(() => l10n.t('a number from 0 to 1')), field: 'temperature' }),
  /** Undefined: the model's default (completionTokenCap: 16,000 for a thinking model, else the service's). */
  maxCompletionTokens: rule({
    name: 'maxCompletionTokens',
    schema: orModelDefault(whole(1)),
    fallback: undefined,
    allowed: orModelDefaultText(() => l10n.t('a whole number of tokens of at least 1')),
    field: 'max_completion_tokens',
  }),
  jsonMode: rule({ name: 'jsonMode', schema: z.boolean(), fallback: false, allowed: trueOrFalse, field: 'response_format' }),
  choiceCount: rule({ name: 'alternatives', schema: whole(1, 5), fallback: 1, allowed: () => l10n.t('a whole number from 1 to 5'), field: 'n' }),
  showReasoning: rule({ name: 'showReasoning', schema: z.enum(SHOW_REASONING), fallback: 'collapsed', allowed: () => SHOW_REASONING.map((v) => `"${v}"`).join(', ') }),
  safetyIdentifier: rule({ name: 'safetyIdentifier', schema: z.boolean(), fallback: false, allowed: trueOrFalse, field: 'safety_identifier' }),
  systemPrompt: rule({ name: 'systemPrompt', schema: z.string(), fallback: '', allowed: aString }),
  requestTimeoutSeconds: rule({ name: 'requestTimeoutSeconds', schema: whole(10), fallback: 600, allowed: () => l10n.t('a whole number of seconds of at least 10') }),
  emulatorSpeed: rule({ name: 'emulator.speed', schema: whole(0), fallback: 0, allowed: () => l10n.t('a whole number of tokens per second, 0 for as fast as possible') }),
  /** Share of the context past which a conversation is compacted before the next message; 0 turns it off. */
  compactionThreshold: rule({ name: 'compaction.threshold', schema: z.number().check(z.minimum(0), z.lt(1)), fallback: DEFAULT_COMPACTION_THRESHOLD, allowed: () => l10n.t('a number from 0 (off) to 0.99') }),
};

type Rules = typeof SETTING_RULES;
export type ChatSettings = { [K in keyof Rules]: Rules[K] extends SettingRule<infer T> ? T : never };

export interface ReadSettings {
  settings: ChatSettings;
  /** One line per refused value: `svc.<name>: must be <allowed> (got <value>)`. */
  problems: string[];
}

/** The settings from the editor's values, each refused one replaced by its default and reported. */
export function chatSettingsFrom(lookup: SettingLookup): ReadSettings {
  const problems: string[] = [];
  const take = <T>(setting: SettingRule<T>): T => {
    const value = lookup(setting.name);
    if (value === undefined) return setting.fallback;
    const parsed = z.safeParse(setting.schema, value);
    if (parsed.success) return parsed.data;
    problems.push(l10n.t('{0}: must be {1} (got {2})', `svc.${setting.name}`, setting.allowed(), JSON.stringify(value)));
    return setting.fallback;
  };
  const settings = Object.fromEntries(Object.entries(SETTING_RULES).map(([key, setting]) => [key, take(setting as SettingRule<unknown>)])) as ChatSettings;
  return { settings, problems };
}

/** The setting that sets a request field, named as the user writes it (`svc.alternatives` for `n`). */
export function settingOfField(field: string): string | undefined {
  const setting = Object.values(SETTING_RULES).find((candidate: SettingRule<unknown>) => candidate.field === field);
  return setting && `svc.${setting.name}`;
}
