// Files that look like they hold secrets: reading one asks the user first, and search never looks
// inside them, because whatever the agent reads goes to the service and may be steered (by text in the
// repository) into a request that carries it elsewhere. One list, in one place, plus the user's own
// `svc.agent.protectedFiles` globs (gitignore syntax). Names are compared case-insensitively.
import ignore, { type Ignore } from 'ignore';
import * as l10n from '../l10n';

const SECRET_NAMES = [
  '.env',
  '.env.*',
  '*.env',
  '.envrc',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '*.kdbx',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.git-credentials',
  '.dockercfg',
  'credentials',
  'credentials.*',
  '*credentials*.json',
  'secrets.*',
  '*.secret',
  '*.secrets',
  '.htpasswd',
  'terraform.tfstate*',
  '*.tfvars',
  'service-account*.json',
  'kubeconfig',
];

const SECRET_FOLDERS = ['.ssh', '.aws', '.gnupg', '.docker', '.kube', '.azure', '.gcloud'];

/** Paths inside `.git` that hold remotes with tokens, or credentials. */
const SECRET_GIT_FILES = ['.git/config', '.git/credentials'];

/** Why a file looks like a secret: in English for the model and the log, and as the user reads it. */
export interface SecretMatch {
  reason: string;
  shownReason: string;
  allowAlways: boolean;
}

export class SecretFileRules {
  private readonly builtIn: Ignore = ignore({ ignorecase: true }).add(SECRET_NAMES);
  private readonly user: Ignore;

  private readonly userGlobs: readonly string[];

  constructor(userGlobs: readonly string[] = []) {
    this.userGlobs = userGlobs.filter((glob) => glob.trim() !== '');
    this.user = ignore({ ignorecase: true }).add(this.userGlobs);
  }

  /**
   * The same rules as gitignore-style globs for a search engine that skips files itself (ripgrep): names
   * at any depth, the folders' contents, and the user's globs (their "!" exceptions left out, so a
   * search skips a little more than `match` names, never less).
   */
  searchGlobs(): string[] {
    return [...SECRET_NAMES, ...SECRET_FOLDERS.map((folder) => `**/${folder}/**`), ...this.userGlobs.filter((glob) => !glob.startsWith('!') && !glob.startsWith('#'))];
  }

  /**
   * Why this workspace-relative path looks like a secret, or undefined. `allowAlways` is false: every
   * read of such a file asks (only git-ignored files, checked by the read tools, may be allowed for a task).
   */
  match(relativePath: string): SecretMatch | undefined {
    const path = relativePath.split('\\').join('/').replace(/^\.\//, '');
    if (path === '' || path === '.') return undefined;
    const lower = path.toLowerCase();
    const segments = lower.split('/');
    if (SECRET_GIT_FILES.some((file) => lower === file || lower.endsWith(`/${file}`))) {
      return { reason: 'it holds git remotes and may hold tokens', shownReason: l10n.t('it holds git remotes and may hold tokens'), allowAlways: false };
    }
    const folder = segments.slice(0, -1).find((segment) => SECRET_FOLDERS.includes(segment));
    if (folder) return { reason: `files in ${folder}/ hold keys and credentials`, shownReason: l10n.t('files in {0}/ hold keys and credentials', folder), allowAlways: false };
    const name = segments[segments.length - 1] ?? '';
    if (this.builtIn.ignores(name)) {
      return { reason: 'its name is one that holds keys, tokens or passwords', shownReason: l10n.t('its name is one that holds keys, tokens or passwords'), allowAlways: false };
    }
    if (this.user.ignores(path)) {
      return { reason: 'it matches your svc.agent.protectedFiles setting', shownReason: l10n.t('it matches your svc.agent.protectedFiles setting'), allowAlways: false };
    }
    return undefined;
  }
}
