// Files that look like they hold secrets: reading one asks the user first, and search never looks
// inside them, because whatever the agent reads goes to the service and may be steered (by text in the
// repository) into a request that carries it elsewhere. One list, in one place, plus the user's own
// `svc.agent.protectedFiles` globs (gitignore syntax). Names are compared case-insensitively.
import * as nodePath from 'node:path';
import ignore, { type Ignore } from 'ignore';
import * as l10n from '../l10n';
import { gateReason, type GateReason } from './gateReason';

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
export interface SecretMatch extends GateReason {
  allowAlways: boolean;
}

/** Where the workspace folders sit inside the repository whose root the matched paths are relative to. */
export interface RepositoryBase {
  /** Each folder's path relative to the repository root, with "/" ('' for the root itself). */
  foldersInRepository: readonly string[];
}

function secret(build: () => string): SecretMatch {
  return { ...gateReason(build), allowAlways: false };
}

export class SecretFileRules {
  private readonly builtIn: Ignore = ignore({ ignorecase: true }).add(SECRET_NAMES);
  private readonly user: Ignore;

  private readonly userGlobs: readonly string[];

  /**
   * The user's globs are relative to the workspace folder, as the setting says. Paths git gives are
   * relative to the repository root, which may hold the folder higher up: with `base`, such a path is
   * also matched in its folder-relative form (and still in its root-relative one, so a glob written
   * either way leaves the file out).
   */
  constructor(
    userGlobs: readonly string[] = [],
    private readonly base: RepositoryBase = { foldersInRepository: [] },
  ) {
    this.userGlobs = userGlobs.filter((glob) => glob.trim() !== '');
    this.user = ignore({ ignorecase: true }).add(this.userGlobs);
  }

  /** The rules for paths relative to the root of a repository that holds some of the workspace folders. */
  static forRepository(userGlobs: readonly string[], repositoryRoot: string, workspaceFolders: readonly string[]): SecretFileRules {
    const foldersInRepository = workspaceFolders
      .map((folder) => nodePath.relative(repositoryRoot, folder))
      .filter((relative) => relative !== '' && !relative.startsWith('..') && !nodePath.isAbsolute(relative))
      .map((relative) => relative.split(nodePath.sep).join('/'));
    return new SecretFileRules(userGlobs, { foldersInRepository });
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
      return secret(() => l10n.t('it holds git remotes and may hold tokens'));
    }
    const folder = segments.slice(0, -1).find((segment) => SECRET_FOLDERS.includes(segment));
    if (folder) return secret(() => l10n.t('files in {0}/ hold keys and credentials', folder));
    const name = segments[segments.length - 1] ?? '';
    if (this.builtIn.ignores(name)) {
      return secret(() => l10n.t('its name is one that holds keys, tokens or passwords'));
    }
    if (this.userForms(path).some((form) => this.user.ignores(form))) {
      return secret(() => l10n.t('it matches your svc.agent.protectedFiles setting'));
    }
    return undefined;
  }

  /**
   * The forms of a path the user's globs are matched against. An absolute path (a file outside the
   * workspace, named by its real path) loses its root, so only globs that match at any depth can name
   * it; the matching library refuses absolute paths outright.
   */
  private userForms(path: string): string[] {
    const relative = path.replace(/^([a-zA-Z]:)?\/+/, '');
    if (relative === '') return [];
    const inFolders = this.base.foldersInRepository.filter((folder) => folder !== '' && relative.toLowerCase().startsWith(`${folder.toLowerCase()}/`));
    return [relative, ...inFolders.map((folder) => relative.slice(folder.length + 1))].filter((form) => form !== '');
  }
}
