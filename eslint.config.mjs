// The layering of the project is enforced here: each layer may import only the layers below it.
import tseslint from 'typescript-eslint';

const layer = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: patterns.paths ?? [], patterns: (patterns.groups ?? []).map((group) => ({ group, message })) }] },
});
const vscodeBan = { name: 'vscode', message: 'Only src/extension may import vscode; pass what you need through an interface.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', 'test-results/**', 'test/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Type-aware rules for the product code: a promise nobody awaits or handles, and a switch over a union that
  // misses a member (the protocol's message types among them), are errors. Tests, benches and scripts keep the
  // plain rules, which keeps the lint step's time down.
  {
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
    },
  },
  layer(['src/api/**'], { paths: [vscodeBan], groups: [['**/core/**', '**/emulator/**', '**/extension/**', '**/webview/**', '**/shared/**']] }, 'src/api is the bottom layer: it imports no other layer.'),
  layer(['src/core/**'], { paths: [vscodeBan], groups: [['**/emulator/**', '**/extension/**', '**/webview/**', '**/shared/**', '**/api/*', '!**/api/index']] }, 'src/core may import only src/api, through src/api/index; it owns its types and stored formats, and the extension maps them to the view protocol.'),
  layer(['src/extension/**'], { groups: [['**/webview/**', '**/emulator/*', '!**/emulator/index', '!**/emulator/emulatorThread', '**/api/*', '!**/api/index']] }, 'src/extension imports src/api through src/api/index and the emulator through src/emulator/index (types) and src/emulator/emulatorThread (its bundle on a thread at run time); never the webview.'),
  layer(['src/emulator/**'], { paths: [vscodeBan], groups: [['**/core/**', '**/extension/**', '**/webview/**', '**/api/*', '!**/api/schemas', '!**/api/models', '!**/api/loopback']] }, 'src/emulator may share only the api schemas, model catalogue and loopback hosts, never the client code (a shared bug would hide).'),
  layer(['src/webview/**'], { paths: [vscodeBan], groups: [['**/api/**', '**/core/**', '**/emulator/**', '**/extension/**']] }, 'src/webview imports only the message protocol in src/shared.'),
  layer(['src/shared/**'], { paths: [vscodeBan], groups: [['**/api/**', '**/core/**', '**/emulator/**', '**/extension/**', '**/webview/**']] }, 'src/shared is the host/webview protocol and depends on nothing else of ours.'),
);
