// Writes package.json's `languageModelTools`: one VS Code tool per function of the official formulas,
// with the description and parameters of the emulator's definitions (modelled on the service's). VS Code reads
// tool names and schemas from the manifest, so they are generated here rather than typed by hand;
// test/unit/extension/languageModelManifest.test.ts fails when the manifest and this list differ. The
// userDescription the user reads goes to package.nls.json as manifestStrings.ts puts it there (`%key%` in
// package.json); the modelDescription stays English text in the manifest, since the model reads it.
//   npx tsx scripts/languageModelTools.ts          (rewrites the list in package.json)
import fs from 'node:fs';
import path from 'node:path';
import { OFFICIAL_FORMULAS, formulaUri } from '../src/api/models';
import { languageModelToolName } from '../src/core/tools/formulaFunctions';
import { parseFormulaUri } from '../src/emulator/formulas/formulaService';
import { ManifestStrings } from './manifestStrings';

export interface ToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: unknown;
}

export function languageModelToolContributions(): ToolContribution[] {
  return OFFICIAL_FORMULAS.flatMap((formula) =>
    parseFormulaUri(formulaUri(formula)).tools.map((tool) => ({
      name: languageModelToolName(tool.function.name),
      displayName: `svc ${tool.function.name}`,
      toolReferenceName: languageModelToolName(tool.function.name),
      canBeReferencedInPrompt: true,
      userDescription: `The svc formula ${formula}, run by the service.`,
      modelDescription: tool.function.description ?? `The svc formula ${formula}.`,
      tags: ['svc', 'svc-formula'],
      inputSchema: tool.function.parameters ?? { type: 'object', properties: {} },
    })),
  );
}

if (require.main === module) {
  const manifestPath = path.join(__dirname, '..', 'package.json');
  const nlsPath = path.join(__dirname, '..', 'package.nls.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { contributes: Record<string, unknown> };
  manifest.contributes.languageModelTools = languageModelToolContributions();
  const strings = new ManifestStrings(JSON.parse(fs.readFileSync(nlsPath, 'utf8')) as Record<string, string>);
  strings.externalize(manifest as Parameters<ManifestStrings['externalize']>[0]);
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.writeFileSync(nlsPath, `${JSON.stringify(strings.strings, null, 2)}\n`);
  console.log(`package.json: ${languageModelToolContributions().length} language model tools; translate new descriptions in package.nls.zh-cn.json`);
}
