// The `svc.completions.*` settings as rules with no editor behind them: each one's zod schema, default
// and what it allows (said when a value is refused, the value then falling back to its default), as
// SETTING_RULES does for the chat's. `enabled` and `allowInRestrictedMode` spend tokens or send files,
// so a repository cannot set them (userSettings.ts); `nextEditSuggestions` and `languages` only narrow
// what `enabled` allows, so a workspace may. settingsReader.ts reads them.
import * as z from 'zod/mini';
import { MODEL_IDS } from '../../api/index';
import { DEFAULT_COMPLETION_MODEL } from '../../core/completions/completionRequest';
import * as l10n from '../../core/l10n';
import type { SettingLookup } from '../settings/chatSettings';

/** Off in prose and commit messages, on elsewhere: the language id, or "*" for the others. */
export const DEFAULT_LANGUAGES: Record<string, boolean> = { '*': true, plaintext: false, markdown: false, scminput: false };

const RULES = {
  enabled: { name: 'completions.enabled', schema: z.boolean(), fallback: false, allowed: () => l10n.t('true or false') },
  languages: {
    name: 'completions.languages',
    schema: z.record(z.string(), z.boolean()),
    fallback: DEFAULT_LANGUAGES,
    allowed: () => l10n.t('an object of true or false by language id, "*" for the other languages'),
  },
  model: { name: 'completions.model', schema: z.enum(MODEL_IDS), fallback: DEFAULT_COMPLETION_MODEL, allowed: () => l10n.t('one of {0}', MODEL_IDS.join(', ')) },
  debounceMs: { name: 'completions.debounceMs', schema: z.int().check(z.minimum(0), z.maximum(2000)), fallback: 200, allowed: () => l10n.t('a whole number of milliseconds from 0 to 2000') },
  allowInRestrictedMode: { name: 'completions.allowInRestrictedMode', schema: z.boolean(), fallback: false, allowed: () => l10n.t('true or false') },
  nextEditSuggestions: { name: 'completions.nextEditSuggestions', schema: z.boolean(), fallback: true, allowed: () => l10n.t('true or false') },
} as const;

export interface CompletionSettings {
  enabled: boolean;
  languages: Record<string, boolean>;
  model: string;
  debounceMs: number;
  allowInRestrictedMode: boolean;
  /** Next-edit suggestions besides ghost text; they never ask while completions are off. */
  nextEditSuggestions: boolean;
}

export const COMPLETION_SETTING_NAMES = Object.values(RULES).map((rule) => rule.name);

/** The settings, each refused value replaced by its default and reported as `svc.<name>: must be …`. */
export function completionSettingsFrom(lookup: SettingLookup): { settings: CompletionSettings; problems: string[] } {
  const problems: string[] = [];
  const take = <T>(rule: { name: string; schema: z.ZodMiniType<T>; fallback: T; allowed: () => string }): T => {
    const value = lookup(rule.name);
    if (value === undefined) return rule.fallback;
    const parsed = z.safeParse(rule.schema, value);
    if (parsed.success) return parsed.data;
    problems.push(l10n.t('{0}: must be {1} (got {2})', `svc.${rule.name}`, rule.allowed(), JSON.stringify(value)));
    return rule.fallback;
  };
  const settings: CompletionSettings = {
    enabled: take(RULES.enabled),
    languages: take<Record<string, boolean>>(RULES.languages),
    model: take<string>(RULES.model),
    debounceMs: take(RULES.debounceMs),
    allowInRestrictedMode: take(RULES.allowInRestrictedMode),
    nextEditSuggestions: take(RULES.nextEditSuggestions),
  };
  return { settings, problems };
}

/** Whether completions are on for `languageId`: its own entry, else "*", else on. */
export function onForLanguage(settings: CompletionSettings, languageId: string): boolean {
  return settings.enabled && (settings.languages[languageId] ?? settings.languages['*'] ?? true);
}

/** Whether next-edit suggestions are asked in `languageId`: completions on there, and suggestions not turned off. */
export function nextEditsOnForLanguage(settings: CompletionSettings, languageId: string): boolean {
  return settings.nextEditSuggestions && onForLanguage(settings, languageId);
}
