import { strict as assert } from 'node:assert';
import { MODEL_IDS } from '../../../../src/api/index';
import { agentSettingsProblems } from '../../../../src/extension/agent/agentSettings';
import { chatSettingsFrom } from '../../../../src/extension/settings/chatSettings';
import { manifestCategories, manifestSettings } from '../../../support/manifestSettings';

describe('the settings package.json contributes', () => {
  it('groups them into titled categories of the Settings page, in order', () => {
    const categories = manifestCategories();
    assert.deepEqual(
      categories.map((c) => c.title),
      ['Model', 'Chat', 'Agent', 'Context & files', 'Privacy & network', 'Advanced'],
    );
    assert.deepEqual(categories.map((c) => c.order), [1, 2, 3, 4, 5, 6]);
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
    assert.equal(seen.size, 23);
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
});
