// The extension's translations stay whole: the committed bundle holds exactly the strings the code
// passes to `l10n.t` / `vscode.l10n.t` (so a string added without `npm run l10n` fails here), every
// string of the bundle and of the manifest has a Simplified Chinese translation that keeps its
// placeholders and code, and the manifest shows no English text outside package.nls.json.
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { extractBundle } from '../../scripts/l10nBundle';
import { ManifestStrings } from '../../scripts/manifestStrings';

const ROOT = path.join(__dirname, '..', '..');
const LOCALES = ['zh-cn'];

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

/** `{0}`, `{1}`… as a sorted list, so a translation may reorder them but not drop or add one. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\d+\}/g)].map((match) => match[0]).sort();
}

/** Code spans and setting links (`svc-k2.5`, `#svc.thinking#`): names a translation keeps as written. */
function literals(text: string): string[] {
  return [...text.matchAll(/`[^`]+`|#[\w.-]+#/g)].map((match) => match[0]).sort();
}

function checkTranslations(english: Record<string, string>, translated: Record<string, string>, file: string): void {
  assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort(), `${file} has a translation for every key and no other`);
  for (const [key, text] of Object.entries(english)) {
    const translation = translated[key] ?? '';
    assert.ok(translation.trim() !== '', `${file}: "${key}" is translated`);
    assert.deepEqual(placeholders(translation), placeholders(text), `${file}: "${key}" keeps its placeholders`);
    assert.deepEqual(literals(translation), literals(text), `${file}: "${key}" keeps its code and setting names`);
  }
}

describe('localization', () => {
  it('the committed bundle holds exactly the strings of the code (run `npm run l10n` after adding one)', async function () {
    // The extractor parses all of src/ with tree-sitter: seconds, more on a busy machine.
    this.timeout(120_000);
    const extracted = await extractBundle(ROOT);
    const committed = readJson<Record<string, unknown>>('l10n/bundle.l10n.json');
    assert.deepEqual(Object.keys(committed).sort(), Object.keys(extracted).sort());
    assert.deepEqual(committed, extracted, 'each keyed by itself');
  });

  for (const locale of LOCALES) {
    it(`every string of the code has its ${locale} translation, with the same placeholders`, () => {
      const english = readJson<Record<string, string>>('l10n/bundle.l10n.json');
      checkTranslations(english, readJson(`l10n/bundle.l10n.${locale}.json`), `bundle.l10n.${locale}.json`);
    });

    it(`every manifest string has its ${locale} translation, with the same code and setting names`, () => {
      checkTranslations(readJson('package.nls.json'), readJson(`package.nls.${locale}.json`), `package.nls.${locale}.json`);
    });
  }

  it('every %key% of package.json is in package.nls.json, and every key there is used', () => {
    const manifest = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const used = new Set([...manifest.matchAll(/"%([^%"\s]+)%"/g)].map((match) => match[1] as string));
    const defined = Object.keys(readJson<Record<string, string>>('package.nls.json'));
    for (const key of used) assert.ok(defined.includes(key), `package.nls.json defines "${key}"`);
    for (const key of defined) assert.ok(used.has(key), `package.json uses "${key}"`);
    assert.equal(readJson<{ l10n?: string }>('package.json').l10n, './l10n', 'package.json points VS Code at the bundles');
  });

  it('the manifest shows no English text of its own (run `npm run l10n` after adding a command or setting)', () => {
    const manifest = readJson<Parameters<ManifestStrings['externalize']>[0]>('package.json');
    const strings = new ManifestStrings(readJson('package.nls.json'));
    const before = JSON.stringify(manifest);
    strings.externalize(manifest);
    assert.equal(JSON.stringify(manifest), before);
  });

  it('finds a string left in English, the way a newly added setting would be', () => {
    const manifest = { contributes: { commands: [{ command: 'svc.x', title: 'svc: Do X' }], configuration: [{ id: 'g', title: '%config.group.g.title%', properties: { 'svc.y': { type: 'string', enum: ['a'], enumDescriptions: ['The A'] } } }] } };
    const strings = new ManifestStrings({ 'config.group.g.title': 'G' });
    strings.externalize(manifest);
    assert.deepEqual(manifest.contributes.commands[0], { command: 'svc.x', title: '%command.svc.x.title%' });
    assert.deepEqual(manifest.contributes.configuration[0]?.properties['svc.y'].enumDescriptions, ['%config.svc.y.enumDescriptions.0%']);
    assert.deepEqual(strings.strings, { 'config.group.g.title': 'G', 'command.svc.x.title': 'svc: Do X', 'config.svc.y.enumDescriptions.0': 'The A' });
  });

  it("finds a tool's userDescription left in English, and leaves its modelDescription, which the model reads, as English text", () => {
    const manifest = { contributes: { languageModelTools: [{ name: 'svc_x', displayName: 'svc x', userDescription: 'The svc formula x.', modelDescription: 'Does x.' }] } };
    const strings = new ManifestStrings({});
    strings.externalize(manifest);
    assert.deepEqual(manifest.contributes.languageModelTools[0], { name: 'svc_x', displayName: 'svc x', userDescription: '%languageModelTool.svc_x.userDescription%', modelDescription: 'Does x.' });
    assert.deepEqual(strings.strings, { 'languageModelTool.svc_x.userDescription': 'The svc formula x.' });
  });
});
