import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { OFFICIAL_FORMULAS, formulaUri } from '../../../src/api/models';
import { FORMULA_OF_FUNCTION, formulaFunctionOf, languageModelToolName } from '../../../src/core/tools/formulaFunctions';
import { parseFormulaUri } from '../../../src/emulator/formulas/formulaService';
import { languageModelToolContributions } from '../../../scripts/languageModelTools';
import { ManifestStrings } from '../../../scripts/manifestStrings';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { languageModelTools: Array<{ name: string }>; languageModelChatProviders: Array<{ vendor: string; managementCommand?: string }>; commands: Array<{ command: string }> };
};

describe('the language-model contributions of the manifest', () => {
  it('lists exactly the generated formula tools (run `npx tsx scripts/languageModelTools.ts` after a formula changes)', () => {
    const nls = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.nls.json'), 'utf8')) as Record<string, string>;
    const generated = { contributes: { languageModelTools: languageModelToolContributions() } };
    const strings = new ManifestStrings(nls);
    strings.externalize(generated as unknown as Parameters<ManifestStrings['externalize']>[0]);
    assert.deepEqual(manifest.contributes.languageModelTools, generated.contributes.languageModelTools);
    assert.deepEqual(strings.strings, nls, 'package.nls.json holds the English userDescription of every tool');
  });

  it('shows the user a localized description, and the model an English one that VS Code does not translate', () => {
    const tools = manifest.contributes.languageModelTools as Array<{ name: string; userDescription: string; modelDescription: string }>;
    for (const tool of tools) {
      assert.equal(tool.userDescription, `%languageModelTool.${tool.name}.userDescription%`);
      assert.doesNotMatch(tool.modelDescription, /^%.*%$/, `${tool.name}: VS Code would replace a %key% modelDescription with the translation`);
    }
  });

  it('maps every function of every official formula to its formula, and nothing else', () => {
    const functions = OFFICIAL_FORMULAS.flatMap((formula) => parseFormulaUri(formulaUri(formula)).tools.map((t) => [t.function.name, formula] as const));
    assert.deepEqual(Object.fromEntries(functions), FORMULA_OF_FUNCTION);
    for (const [fn, formula] of functions) assert.deepEqual(formulaFunctionOf(languageModelToolName(fn)), { fn, formula });
    assert.equal(formulaFunctionOf('quickjs'), undefined, 'a name without the svc_ prefix is not ours');
    assert.equal(formulaFunctionOf('svc_unknown'), undefined);
  });

  it('activates on each tool and on the svc vendor, whose management command is contributed', () => {
    for (const tool of manifest.contributes.languageModelTools) assert.ok(manifest.activationEvents.includes(`onLanguageModelTool:${tool.name}`), tool.name);
    assert.ok(manifest.activationEvents.includes('onLanguageModelChatProvider:svc'));
    const [provider] = manifest.contributes.languageModelChatProviders;
    assert.equal(provider?.vendor, 'svc');
    assert.ok(manifest.contributes.commands.some((c) => c.command === provider?.managementCommand));
  });
});
