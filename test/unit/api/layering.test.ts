// Every import rule of docs/architecture.md, proved through ESLint's own API: for each zone, a
// forbidden import in a file of that zone is an error, and the import the zone is meant to use is not.
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The files linted here do not exist, so the type-aware rules (which need a file of the TypeScript project)
 * are left out: only the import rules are under test.
 */
const WITHOUT_TYPES = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
} as const;

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT, overrideConfig: WITHOUT_TYPES });
  const source = `import * as imported from '${specifier}';\nexport const kept: unknown = imported;\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  assert.ok(result, `no lint result for ${file}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

/** [file in the zone, forbidden import, what the message must say] */
const FORBIDDEN: [string, string, RegExp][] = [
  ['src/api/someClientFile.ts', 'vscode', /Only src\/extension may import vscode/],
  ['src/core/someCoreFile.ts', 'vscode', /Only src\/extension may import vscode/],
  ['src/api/someClientFile.ts', '../core/chatSession', /src\/api is the bottom layer/],
  ['src/api/someClientFile.ts', '../shared/protocol', /src\/api is the bottom layer/],
  ['src/core/someCoreFile.ts', '../extension/settings', /src\/core may import only src\/api/],
  ['src/core/someCoreFile.ts', '../emulator/index', /src\/core may import only src\/api/],
  ['src/core/someCoreFile.ts', '../api/schemas', /through src\/api\/index/],
  ['src/core/someCoreFile.ts', '../shared/protocol', /it owns its types and stored formats/],
  ['src/emulator/someEmulatorFile.ts', '../api/client', /src\/emulator may share only the api schemas/],
  ['src/emulator/someEmulatorFile.ts', '../core/chatSession', /src\/emulator may share only the api schemas/],
  ['src/emulator/someEmulatorFile.ts', 'vscode', /Only src\/extension may import vscode/],
  ['src/webview/someViewFile.ts', '../api/index', /src\/webview imports only the message protocol/],
  ['src/webview/someViewFile.ts', '../core/chatSession', /src\/webview imports only the message protocol/],
  ['src/shared/someProtocolFile.ts', '../core/conversation', /src\/shared is the host\/webview protocol/],
  ['src/extension/someHostFile.ts', '../api/schemas', /src\/extension imports src\/api through src\/api\/index/],
  ['src/extension/someHostFile.ts', '../webview/chatApp', /never the webview/],
  ['src/extension/someHostFile.ts', '../emulator/server', /the emulator through src\/emulator\/index/],
];

const ALLOWED: [string, string][] = [
  ['src/extension/someHostFile.ts', 'vscode'],
  ['src/extension/someHostFile.ts', '../api/index'],
  ['src/extension/someHostFile.ts', '../emulator/index'],
  ['src/core/someCoreFile.ts', '../api/index'],
  ['src/emulator/someEmulatorFile.ts', '../api/schemas'],
  ['src/emulator/someEmulatorFile.ts', '../api/models'],
  ['src/emulator/someEmulatorFile.ts', '../api/loopback'],
  ['src/webview/someViewFile.ts', '../shared/protocol'],
];

describe('layering lint rules', function () {
  this.timeout(60_000);

  for (const [file, specifier, message] of FORBIDDEN) {
    it(`${path.dirname(file)} may not import ${specifier}`, async () => {
      const errors = await importErrors(file, specifier);
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0] ?? '', /^no-restricted-imports: /);
      assert.match(errors[0] ?? '', message);
    });
  }

  for (const [file, specifier] of ALLOWED) {
    it(`${path.dirname(file)} may import ${specifier}`, async () => {
      assert.deepEqual(await importErrors(file, specifier), []);
    });
  }
});
