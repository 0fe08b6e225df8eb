// The svc.completions.* settings are validated like the others: a value of the wrong kind is reported
// naming the setting and what it allows, and its default applies; the status item's and the first-run
// notice's wording.
import assert from 'node:assert/strict';
import { completionSettingsFrom, DEFAULT_LANGUAGES, nextEditsOnForLanguage, onForLanguage } from '../../../../src/extension/completions/completionSettings';
import { completionCostNotice } from '../../../../src/extension/completions/completionCostNotice';
import { completionStatusView } from '../../../../src/extension/completions/completionStatusView';
import { manifestSettings } from '../../../support/manifestSettings';

const day = { day: '2026-11-27', requests: 3, aborted: 1, promptTokens: 7500, cachedTokens: 6000, completionTokens: 90, usd: 0.0021, acceptedChars: 40 };

describe('the completion settings', () => {
  it('default to off, the fast model and a short pause, as package.json says', () => {
    const { settings, problems } = completionSettingsFrom(() => undefined);
    assert.deepEqual(problems, []);
    assert.deepEqual(settings, { enabled: false, languages: DEFAULT_LANGUAGES, model: 'svc-k2-turbo-preview', debounceMs: 200, allowInRestrictedMode: false, nextEditSuggestions: true });
    const manifest = manifestSettings();
    assert.deepEqual(completionSettingsFrom((name) => manifest[`svc.${name}`]?.default).settings, settings);
    assert.equal(manifest['svc.completions.enabled']?.scope, 'application', 'a workspace cannot turn them on');
    assert.equal(manifest['svc.completions.allowInRestrictedMode']?.scope, 'application');
    assert.equal(manifest['svc.completions.nextEditSuggestions']?.scope, undefined, 'a workspace may turn suggestions off (they ask only while the user turned completions on)');
  });

  it('refuses values of the wrong kind, naming the setting and what it allows, and keeps the default', () => {
    const values: Record<string, unknown> = { 'completions.enabled': 'yes', 'completions.languages': { python: 'on' }, 'completions.model': 'gpt-4', 'completions.debounceMs': 5000, 'completions.allowInRestrictedMode': 1, 'completions.nextEditSuggestions': 'off' };
    const { settings, problems } = completionSettingsFrom((name) => values[name]);
    assert.equal(problems.length, 6);
    assert.match(problems[0]!, /^svc\.completions\.enabled: must be true or false \(got "yes"\)$/);
    assert.match(problems[1]!, /^svc\.completions\.languages: must be an object of true or false by language id/);
    assert.match(problems[2]!, /^svc\.completions\.model: must be one of svc-k2\.5, .*svc-k2-turbo-preview/);
    assert.match(problems[3]!, /^svc\.completions\.debounceMs: must be a whole number of milliseconds from 0 to 2000 \(got 5000\)$/);
    assert.equal(problems[5], 'svc.completions.nextEditSuggestions: must be true or false (got "off")');
    assert.equal(settings.debounceMs, 200);
    assert.equal(settings.enabled, false);
    assert.equal(settings.nextEditSuggestions, true);
  });

  it('asks next-edit suggestions only where completions are on, unless they are turned off on their own', () => {
    const read = (values: Record<string, unknown>) => completionSettingsFrom((name) => values[name]).settings;
    const on = read({ 'completions.enabled': true, 'completions.languages': { '*': true, python: false } });
    assert.equal(nextEditsOnForLanguage(on, 'typescript'), true, 'on by default with completions');
    assert.equal(nextEditsOnForLanguage(on, 'python'), false, 'not in a language completions are off for');
    assert.equal(nextEditsOnForLanguage(read({ 'completions.nextEditSuggestions': true }), 'typescript'), false, 'not while completions are off');
    const without = read({ 'completions.enabled': true, 'completions.nextEditSuggestions': false });
    assert.equal(nextEditsOnForLanguage(without, 'typescript'), false, 'turned off on their own');
    assert.equal(onForLanguage(without, 'typescript'), true, 'ghost text stays on');
  });

  it('turns them on per language, "*" for the others', () => {
    const { settings } = completionSettingsFrom((name) => ({ 'completions.enabled': true, 'completions.languages': { '*': false, typescript: true } })[name]);
    assert.equal(onForLanguage(settings, 'typescript'), true);
    assert.equal(onForLanguage(settings, 'python'), false);
    assert.equal(onForLanguage({ ...settings, enabled: false }, 'typescript'), false);
    assert.equal(onForLanguage(completionSettingsFrom((name) => (name === 'completions.enabled' ? true : undefined)).settings, 'markdown'), false);
  });

  it("shows on/off, snoozed and today's tokens and cost in the status item", () => {
    const on = completionStatusView({ kind: 'on' }, day);
    assert.equal(on.text, '$(sparkle) 7,590');
    assert.equal(on.tooltip.split('\n')[1], 'Today: 3 requests, 7,590 tokens (6,000 cached), $0.0021');
    assert.equal(completionStatusView({ kind: 'off' }, day).text, '$(circle-slash) off');
    assert.match(completionStatusView({ kind: 'snoozed', until: new Date(2026, 10, 27, 14, 5).getTime() }, day).text, /snoozed until 14:05$/);
    assert.equal(completionStatusView({ kind: 'off-here', languageId: 'markdown' }, day).accessibleLabel, 'svc completions: off for markdown');
  });

  it('says roughly what a day of typing costs, in money with a price, in tokens without', () => {
    const priced = completionCostNotice({ 'svc-k2-turbo-preview': { input: 1, cachedInput: 0.25, output: 4 } }, 'svc-k2-turbo-preview');
    // 1,000 × (500 × 1 + 2,000 × 0.25 + 30 × 4) / 1M = $1.12
    assert.match(priced, /roughly \$1\.12 a day with svc-k2-turbo-preview/);
    assert.match(completionCostNotice({}, 'svc-k2-turbo-preview'), /Add svc-k2-turbo-preview to svc\.priceTable/);
  });
});
