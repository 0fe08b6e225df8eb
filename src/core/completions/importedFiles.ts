// The files a TypeScript or JavaScript file imports by a relative path (`import … from './x'`,
// `export … from '../y'`, `import './z'`, `require('./w')`, `import('./v')`), resolved as the compilers
// resolve them (`./x` is `x.ts`, `x.tsx`, `x.js`… or `x/index.ts`…; `./x.js` written in TypeScript is
// `x.ts`), read through the path gate as the agent's reads are: only inside the workspace folders,
// symlinks followed to where they lead, and left out when the gate would ask (a file that looks like
// secrets, one in svc.agent.protectedFiles, one .gitignore leaves out). Package imports are not followed.
// The snippets of a file are kept while its list of imports stays the same, so typing anywhere else in it
// gives the same bytes, and the prompt's stable prefix stays the same.
import * as nodePath from 'node:path/posix';
import type { WorkspacePathPolicy } from '../tools/pathPolicy';
import { PathPolicyError } from '../tools/toolErrors';
import type { WorkspaceFiles } from '../tools/workspaceFiles';
import type { RelatedSnippet } from './completionTypes';

/** The first lines of an imported file that are offered (its exports usually come first). */
export const IMPORT_LINES = 60;
/** The imports followed, in the order the file names them. */
export const MAX_IMPORTS = 4;
/** A larger file is not read: a generated bundle is no help to a completion. */
const MAX_IMPORT_BYTES = 512 * 1024;
/** Documents whose imports are kept. */
const KEPT_DOCUMENTS = 16;

const IMPORTING_LANGUAGES = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);

/** A relative specifier in quotes; linear patterns, so a long file costs one pass each. */
const SPECIFIER = String.raw`(['"])(\.{1,2}/[^'"\n]*)\1`;
const PATTERNS = [new RegExp(String.raw`\bfrom\s*${SPECIFIER}`, 'g'), new RegExp(String.raw`\bimport\s*${SPECIFIER}`, 'g'), new RegExp(String.raw`\b(?:require|import)\s*\(\s*${SPECIFIER}\s*\)`, 'g')];

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'];
/** What TypeScript maps an import written with a JavaScript extension to, tried before the name itself. */
const TYPESCRIPT_FOR: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** The relative specifiers `text` imports, each once, in the order they first appear; none outside TS and JS. */
export function relativeImports(languageId: string, text: string): string[] {
  if (!IMPORTING_LANGUAGES.has(languageId)) return [];
  const found: { at: number; specifier: string }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, specifier: match[2]! });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.specifier))];
}

/**
 * The workspace paths `specifier`, imported from the file at `fromPath`, may name, in the order they are
 * tried; none when it climbs out of the file's workspace folder.
 */
export function importCandidates(fromPath: string, specifier: string): string[] {
  const base = nodePath.normalize(nodePath.join(nodePath.dirname(fromPath), specifier));
  if (base === '..' || base.startsWith('../') || specifier.endsWith('/')) return [];
  const extension = nodePath.extname(base);
  const mapped = TYPESCRIPT_FOR[extension];
  if (mapped) return [...mapped.map((ext) => base.slice(0, -extension.length) + ext), base];
  if (extension === '.json' || SCRIPT_EXTENSIONS.includes(extension)) return [base];
  return [...SCRIPT_EXTENSIONS.map((ext) => base + ext), ...['.ts', '.tsx', '.js', '.jsx'].map((ext) => `${base}/index${ext}`)];
}

export interface ImportedFilesDeps {
  files: WorkspaceFiles;
  /** The path gate, with the user's svc.agent.protectedFiles as they are now. */
  policy(): WorkspacePathPolicy;
}

export class ImportedFiles {
  private readonly kept = new Map<string, { imports: string; snippets: Promise<RelatedSnippet[]> }>();

  constructor(private readonly deps: ImportedFilesDeps) {}

  /**
   * The start of each file that `text` (the document at workspace path `path`) imports, for the
   * related context. The same imports give the same snippets until `forget`.
   */
  snippets(path: string, languageId: string, text: string): Promise<RelatedSnippet[]> {
    const specifiers = relativeImports(languageId, text).slice(0, MAX_IMPORTS);
    const imports = specifiers.join('\n');
    const kept = this.kept.get(path);
    if (kept?.imports === imports) return kept.snippets;
    const snippets = this.read(path, specifiers);
    this.kept.delete(path);
    this.kept.set(path, { imports, snippets });
    for (const old of this.kept.keys()) {
      if (this.kept.size <= KEPT_DOCUMENTS) break;
      this.kept.delete(old);
    }
    return snippets;
  }

  /** A file changed on disk: the next ask reads again. */
  forget(): void {
    this.kept.clear();
  }

  private async read(path: string, specifiers: readonly string[]): Promise<RelatedSnippet[]> {
    if (specifiers.length === 0) return [];
    const policy = this.deps.policy();
    const snippets: RelatedSnippet[] = [];
    const seen = new Set<string>([path]);
    for (const specifier of specifiers) {
      // A file that cannot be looked at (permissions, a race with its deletion) is context left out,
      // not a completion lost.
      const snippet = await this.readOne(policy, path, specifier).catch(() => undefined);
      if (!snippet || seen.has(snippet.path)) continue;
      seen.add(snippet.path);
      snippets.push(snippet);
    }
    return snippets;
  }

  /** The first candidate that is a file; undefined when none is, or when the gate would ask about it. */
  private async readOne(policy: WorkspacePathPolicy, from: string, specifier: string): Promise<RelatedSnippet | undefined> {
    for (const candidate of importCandidates(from, specifier)) {
      let resolved;
      try {
        resolved = await policy.resolve(candidate, 'read');
      } catch (error) {
        if (error instanceof PathPolicyError) continue;
        throw error;
      }
      if ((await this.deps.files.lstat(resolved.path)) !== 'file') continue;
      if (resolved.questions.length > 0) return undefined;
      const bytes = await this.deps.files.readFile(resolved.path, { maxBytes: MAX_IMPORT_BYTES });
      if (bytes.subarray(0, 8000).includes(0)) return undefined;
      const lines = new TextDecoder().decode(bytes).split(/\r?\n/).slice(0, IMPORT_LINES);
      return { path: resolved.display, kind: 'import', text: lines.join('\n') };
    }
    return undefined;
  }
}
