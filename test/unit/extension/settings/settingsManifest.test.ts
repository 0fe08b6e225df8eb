import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { MODEL_IDS } from '../../../../src/api/index';
import { agentSettingsProblems } from '../../../../src/extension/agent/agentSettings';
import { chatSettingsFrom, SETTING_RULES } from '../../../../src/extension/settings/chatSettings';
import { manifestCategories, manifestSettings, type ManifestSetting } from '../../../support/manifestSettings';

/** The settings that are not rules of the table, each with the file that reads it (and reports its problems, if any). */
const READ_ELSEWHERE: Record<string, string> = {
  'agent.maxSteps': 'src/extension/agent/agentSettings.ts',
  'agent.maxTaskTokens': 'src/extension/agent/agentSettings.ts',
  'agent.autoApproveEdits': 'src/extension/agent/agentSettings.ts',
  'agent.formulas': 'src/extension/agent/agentSettings.ts',
  'agent.protectedFiles': 'src/extension/agent/agentSettings.ts',
  'agent.backgroundTasks.limit': 'src/extension/agent/agentSettings.ts',
  'mcp.servers': 'src/extension/mcp/mcpConfigFiles.ts',
  hooks: 'src/extension/hooks/vscodeHooks.ts',
  rules: 'src/extension/rules/workspaceRules.ts',
  'checkpoints.enabled': 'src/extension/checkpoints/workspaceCheckpoints.ts',
  'checkpoints.keepDays': 'src/extension/checkpoints/workspaceCheckpoints.ts',
  balanceWarningThreshold: 'src/extension/files/registerFileFeatures.ts',
  priceTable: 'src/extension/files/registerFileFeatures.ts',
  'completions.enabled': 'src/extension/completions/completionSettings.ts',
  'completions.languages': 'src/extension/completions/completionSettings.ts',
  'completions.model': 'src/extension/completions/completionSettings.ts',
  'completions.debounceMs': 'src/extension/completions/completionSettings.ts',
  'completions.allowInRestrictedMode': 'src/extension/completions/completionSettings.ts',
  'completions.nextEditSuggestions': 'src/extension/completions/completionSettings.ts',
};

interface JsonSchemaPart {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchemaPart[];
}

/** What a rule's schema accepts as settings.json holds it: its JSON types and the bounds and choices it states. */
function accepted(schema: z.ZodMiniType): { types: string[]; enum?: unknown[]; minimum?: number; maximum?: number } {
  const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchemaPart;
  const parts = json.anyOf ?? [json];
  const stated = (key: 'minimum' | 'maximum') => parts.find((part) => part[key] !== undefined)?.[key];
  const choices = parts.find((part) => part.enum)?.enum;
  const minimum = stated('minimum');
  const maximum = stated('maximum');
  return { types: parts.flatMap((part) => part.type ?? '?').sort(), ...(choices ? { enum: choices } : {}), ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) };
}

function manifestTypes(setting: ManifestSetting | undefined): string[] {
  return [setting?.type ?? []].flat().sort();
}

describe('the settings package.json contributes', () => {
  it('groups them into titled categories of the Settings page, in order', () => {
    const categories = manifestCategories();
    assert.deepEqual(
      categories.map((c) => c.title),
      ['Model', 'Chat', 'Agent', 'Context & files', 'Privacy & network', 'Advanced', 'Completions'],
    );
    assert.deepEqual(categories.map((c) => c.order), [1, 2, 3, 4, 5, 6, 7]);
    for (const category of categories) {
      assert.ok(category.id && Object.keys(category.properties ?? {}).length > 0, `${category.title}: an id and at least one setting`);
    }
  });

  it('titles each setting in words on its group\'s page: the group ids hold the key\'s svc prefix, which VS Code then leaves out', () => {
    // VS Code's Settings page titles a setting from its key ("svc.maxCompletionTokens" → "Svc: Max Completion
    // Tokens"), leaving out the part of the key's prefix its group's id starts with (its settingKeyToDisplayFormat).
    const wordify = (part: string): string => part.split('.').map((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())).join(' › ');
    const titles: string[] = [];
    for (const category of manifestCategories()) {
      const groupParts = (category.id ?? '').split('.');
      for (const key of Object.keys(category.properties ?? {})) {
        const prefix = key.slice(0, key.lastIndexOf('.'));
        const parts = [...groupParts];
        while (parts.length > 0 && !new RegExp(`^${parts.join('\\.')}(\\.|$)`, 'i').test(prefix)) parts.pop();
        const rest = parts.length > 0 ? prefix.replace(new RegExp(`^${parts.join('\\.')}(\\.|$)`, 'i'), '') : prefix;
        titles.push(`${rest === '' ? '' : `${wordify(rest)}: `}${wordify(key.slice(key.lastIndexOf('.') + 1))}`);
      }
    }
    assert.deepEqual(titles.slice(0, 4), ['Model', 'Thinking', 'Temperature', 'Max Completion Tokens']);
    assert.ok(titles.includes('Max Steps') && titles.includes('Show Reasoning'), titles.join(', '));
    assert.deepEqual(titles.filter((t) => t.startsWith('Svc')), [], 'no title repeats the svc prefix');
  });

  it('gives every setting a category, a type, a description and an order within its category', () => {
    const seen = new Set<string>();
    for (const category of manifestCategories()) {
      for (const [name, setting] of Object.entries(category.properties ?? {})) {
        assert.ok(!seen.has(name), `${name} is in one category only`);
        seen.add(name);
        assert.ok(name.startsWith('svc.'), name);
        assert.ok(setting.type !== undefined, `${name}: a type`);
        assert.ok((setting.markdownDescription ?? setting.description ?? '').length > 20, `${name}: a description`);
        assert.equal(typeof setting.order, 'number', `${name}: an order`);
      }
    }
    assert.equal(seen.size, 32);
  });

  it('offers every model of the catalogue for svc.model as a list the Settings page shows as a drop-down, each described', () => {
    const model = manifestSettings()['svc.model'];
    // A top-level enum is what the Settings page shows as a drop-down (an anyOf of enum and pattern is a free-text box).
    assert.deepEqual(model?.enum, [...MODEL_IDS]);
    assert.equal(model?.anyOf, undefined);
    assert.equal(model?.enumDescriptions?.length, MODEL_IDS.length);
    assert.ok(model?.enumDescriptions?.every((d) => d.length > 10));
    assert.equal(model?.default, 'svc-k2.5');
  });

  it('has the defaults the settings rules fall back to, so the Settings page says what applies', () => {
    const settings = manifestSettings();
    const fromManifest = chatSettingsFrom((name) => settings[`svc.${name}`]?.default).settings;
    assert.deepEqual(fromManifest, chatSettingsFrom(() => undefined).settings);
    assert.deepEqual(agentSettingsProblems((name) => settings[`svc.${name}`]?.default), [], 'the agent defaults break no rule');
    assert.equal(settings['svc.maxCompletionTokens']?.default, null, 'unset: the model default (16,000 for thinking models)');
  });

  it('has an entry for every rule of the settings table, of the type the rule accepts, with its bounds and choices', () => {
    const settings = manifestSettings();
    for (const setting of Object.values(SETTING_RULES)) {
      const name = `svc.${setting.name}`;
      const entry = settings[name];
      const rule = accepted(setting.schema);
      assert.ok(entry, `${name} is in package.json`);
      assert.deepEqual(manifestTypes(entry), rule.types, `${name}: the manifest's type is the rule's`);
      if (rule.enum) assert.deepEqual(entry.enum, rule.enum, `${name}: the same choices`);
      if (rule.minimum !== undefined) assert.equal(entry.minimum, rule.minimum, `${name}: the same minimum`);
      if (rule.maximum !== undefined && entry.maximum !== undefined) assert.equal(entry.maximum, rule.maximum, `${name}: the same maximum`);
    }
  });

  it('has no setting that is neither a rule of the table nor read by the feature named for it', () => {
    const rules = new Set(Object.values(SETTING_RULES).map((setting) => setting.name));
    const root = path.join(__dirname, '..', '..', '..', '..');
    for (const name of Object.keys(manifestSettings()).map((full) => full.slice('svc.'.length))) {
      if (rules.has(name)) continue;
      const reader = READ_ELSEWHERE[name];
      assert.ok(reader, `svc.${name}: a rule in src/extension/settings/chatSettings.ts, or a reader named in READ_ELSEWHERE`);
      assert.ok(fs.readFileSync(path.join(root, reader), 'utf8').includes(`'${name}'`), `svc.${name} is read in ${reader}`);
    }
    for (const name of Object.keys(READ_ELSEWHERE)) assert.ok(!rules.has(name), `svc.${name} is declared once: a rule or read elsewhere, not both`);
  });
});
