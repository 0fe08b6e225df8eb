// Files that run code or configure the tools that do: a change to one of them acts later, without the
// agent, when the user opens the folder, builds, commits or pushes. The agent may still propose such a
// change, but it is always asked, even with auto-approved edits or "Always for this task", with a
// warning line. One list, in one place; names are compared as case-insensitive file systems see them.
import * as l10n from '../l10n';
import { gateReason, type GateReason } from './gateReason';

// Each reason is built when it is needed, once in English (for the model) and once in the display
// language (for the edit's warning), from the same function.

/** Folders whose every file configures the editor, git, CI or the development container. */
const PROTECTED_FOLDERS: Record<string, () => string> = {
  '.vscode': () => l10n.t('VS Code runs its tasks and launch configurations and applies its settings to this workspace'),
  '.git': () => l10n.t('git runs hooks from here and reads its configuration here'),
  '.github': () => l10n.t('CI runs the workflows and actions here'),
  '.gitlab': () => l10n.t('CI reads its templates here'),
  '.circleci': () => l10n.t('CI runs the pipelines here'),
  '.husky': () => l10n.t('git runs these hooks on commit and push'),
  '.githooks': () => l10n.t('git runs these hooks when configured to'),
  '.devcontainer': () => l10n.t('the development container runs its commands from here'),
  '.idea': () => l10n.t('the IDE runs its run configurations from here'),
  '.cargo': () => l10n.t('cargo reads build configuration (and runners) here'),
};

const makeRunsRecipes = (): string => l10n.t('make runs its recipes');
const ciRunsIt = (): string => l10n.t('CI runs it');

/** Single files that run commands or configure the tools that do. */
const PROTECTED_FILES: Record<string, () => string> = {
  'package.json': () => l10n.t('its scripts run on install, build and test'),
  '.npmrc': () => l10n.t('npm reads its registry and scripts configuration here'),
  '.yarnrc': () => l10n.t('yarn reads its configuration here'),
  '.yarnrc.yml': () => l10n.t('yarn reads its configuration and plugins here'),
  makefile: makeRunsRecipes,
  gnumakefile: makeRunsRecipes,
  '.envrc': () => l10n.t('direnv runs it when you enter the folder'),
  '.gitattributes': () => l10n.t('git runs the filters it names'),
  '.gitmodules': () => l10n.t('git fetches the repositories it names'),
  '.pre-commit-config.yaml': () => l10n.t('pre-commit runs the hooks it names'),
  '.gitlab-ci.yml': ciRunsIt,
  jenkinsfile: ciRunsIt,
  'conftest.py': () => l10n.t('pytest runs it on every test run'),
  'setup.py': () => l10n.t('pip runs it on install'),
  'pyproject.toml': () => l10n.t('Python build tools read their backend and scripts here'),
  dockerfile: () => l10n.t('docker runs its commands on build'),
};

/** Files executed by the tools they configure (eslint.config.js, vite.config.ts, .eslintrc.cjs, …). */
const EXECUTED_CONFIG = /(^|\.)(config|rc)\.(c|m)?[jt]s$/;

function normalise(segment: string): string {
  // ".VSCODE" is ".vscode" on case-insensitive systems, and Windows drops trailing dots and spaces.
  return segment.toLowerCase().replace(/[. ]+$/, '') || segment.toLowerCase();
}

/** Why a change to this workspace-relative path needs the user's eyes every time, or undefined. */
export function protectedPathReason(relativePath: string): GateReason | undefined {
  return protectedText(relativePath) === undefined ? undefined : gateReason(() => protectedText(relativePath) ?? '');
}

function protectedText(relativePath: string): string | undefined {
  const segments = relativePath.split(/[\\/]/).filter((s) => s !== '' && s !== '.').map(normalise);
  const name = segments[segments.length - 1];
  if (name === undefined) return undefined;
  for (const folder of segments.slice(0, -1)) {
    const why = PROTECTED_FOLDERS[folder];
    if (why) return l10n.t('{0}/: {1}', folder, why());
  }
  const why = PROTECTED_FILES[name];
  if (why) return l10n.t('{0}: {1}', name, why());
  if (name.endsWith('.code-workspace')) return l10n.t('{0}: {1}', name, l10n.t('VS Code applies its settings and tasks'));
  if (name.endsWith('.mk')) return l10n.t('{0}: {1}', name, makeRunsRecipes());
  if (EXECUTED_CONFIG.test(name)) return l10n.t('{0}: {1}', name, l10n.t('the tool it configures runs it as code'));
  return undefined;
}
