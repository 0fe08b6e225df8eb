// The environment of a command the agent runs. The editor's own environment holds SVC_API_KEY, cloud
// credentials, tokens of other tools and whatever the user exported; a model-chosen command could print
// any of it into output that goes to the service and into saved conversations. Only what commands need
// to work is passed on, and nothing whose name says it is a secret, whatever list it is on.

/** Variables commands need: where programs are, who and where the user is, language and terminal. */
const ALLOWED = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'COLORTERM', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TEMP', 'TMP',
  'PWD', 'HOSTNAME', 'DISPLAY', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME',
  // Windows essentials.
  'SYSTEMROOT', 'SYSTEMDRIVE', 'WINDIR', 'COMSPEC', 'PATHEXT', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'PROGRAMDATA', 'PROGRAMFILES', 'PROGRAMFILES(X86)',
  // Toolchains found through these rather than PATH.
  'JAVA_HOME', 'GOPATH', 'GOROOT', 'CARGO_HOME', 'RUSTUP_HOME', 'NVM_DIR', 'PYENV_ROOT', 'VIRTUAL_ENV', 'CONDA_PREFIX', 'NODE_ENV',
  // Version managers' state as the user's login shell sets it up (userShell.ts), so their shims pick the same versions.
  'NVM_BIN', 'NVM_INC', 'PYENV_VERSION', 'CONDA_DEFAULT_ENV', 'CONDA_EXE', 'CONDA_SHLVL', 'RBENV_ROOT', 'GEM_HOME', 'GEM_PATH', 'ASDF_DIR', 'ASDF_DATA_DIR',
  'VOLTA_HOME', 'PNPM_HOME', 'BUN_INSTALL', 'DENO_INSTALL', 'SDKMAN_DIR', 'HOMEBREW_PREFIX', 'MANPATH',
]);
const ALLOWED_PREFIXES = ['LC_'];
/** Names that say "secret", matched anywhere in the name: never passed, even if allowed above. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|SIGNATURE|CERT/i;

export function commandEnvironment(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if (upper.startsWith('SVC_') || SECRET_NAME.test(upper)) continue;
    if (ALLOWED.has(upper) || ALLOWED_PREFIXES.some((prefix) => upper.startsWith(prefix))) env[name] = value;
  }
  return env;
}
