// Files that run code or configure the tools that do: a change to one of them acts later, without the
// agent, when the user opens the folder, builds, commits or pushes. The agent may still propose such a
// change, but it is always asked, even with auto-approved edits or "Always for this task", with a
// warning line. One list, in one place; names are compared as case-insensitive file systems see them.

/** Folders whose every file configures the editor, git, CI or the development container. */
const PROTECTED_FOLDERS: Record<string, string> = {
  '.vscode': 'VS Code runs its tasks and launch configurations and applies its settings to this workspace',
  '.git': 'git runs hooks from here and reads its configuration here',
  '.github': 'CI runs the workflows and actions here',
  '.gitlab': 'CI reads its templates here',
  '.circleci': 'CI runs the pipelines here',
  '.husky': 'git runs these hooks on commit and push',
  '.githooks': 'git runs these hooks when configured to',
  '.devcontainer': 'the development container runs its commands from here',
  '.idea': 'the IDE runs its run configurations from here',
  '.cargo': 'cargo reads build configuration (and runners) here',
};

/** Single files that run commands or configure the tools that do. */
const PROTECTED_FILES: Record<string, string> = {
  'package.json': 'its scripts run on install, build and test',
  '.npmrc': 'npm reads its registry and scripts configuration here',
  '.yarnrc': 'yarn reads its configuration here',
  '.yarnrc.yml': 'yarn reads its configuration and plugins here',
  makefile: 'make runs its recipes',
  gnumakefile: 'make runs its recipes',
  '.envrc': 'direnv runs it when you enter the folder',
  '.gitattributes': 'git runs the filters it names',
  '.gitmodules': 'git fetches the repositories it names',
  '.pre-commit-config.yaml': 'pre-commit runs the hooks it names',
  '.gitlab-ci.yml': 'CI runs it',
  jenkinsfile: 'CI runs it',
  'conftest.py': 'pytest runs it on every test run',
  'setup.py': 'pip runs it on install',
  'pyproject.toml': 'Python build tools read their backend and scripts here',
  dockerfile: 'docker runs its commands on build',
};

/** Files executed by the tools they configure (eslint.config.js, vite.config.ts, .eslintrc.cjs, …). */
const EXECUTED_CONFIG = /(^|\.)(config|rc)\.(c|m)?[jt]s$/;

function normalise(segment: string): string {
  // ".VSCODE" is ".vscode" on case-insensitive systems, and Windows drops trailing dots and spaces.
  return segment.toLowerCase().replace(/[. ]+$/, '') || segment.toLowerCase();
}

/** Why a write to this workspace-relative path needs the user's eyes every time, or undefined. */
export function protectedPathReason(relativePath: string): string | undefined {
  const segments = relativePath.split(/[\\/]/).filter((s) => s !== '' && s !== '.').map(normalise);
  const name = segments[segments.length - 1];
  if (name === undefined) return undefined;
  for (const folder of segments.slice(0, -1)) {
    const why = PROTECTED_FOLDERS[folder];
    if (why) return `${folder}/: ${why}`;
  }
  const why = PROTECTED_FILES[name];
  if (why) return `${name}: ${why}`;
  if (name.endsWith('.code-workspace')) return `${name}: VS Code applies its settings and tasks`;
  if (name.endsWith('.mk')) return `${name}: make runs its recipes`;
  if (EXECUTED_CONFIG.test(name)) return `${name}: the tool it configures runs it as code`;
  return undefined;
}
