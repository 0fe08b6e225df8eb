// The files a document imports by a relative path (TypeScript, JavaScript, Python, C, C++ and Rust: how each
// names them is importSyntax.ts), resolved as their compilers resolve them, the first candidate that is a
// file winning, read through the path gate as the agent's reads are: only inside the workspace folders,
// symlinks followed to where they lead, and left out when the gate would ask (a file that looks like
// secrets, one in svc.agent.protectedFiles, one .gitignore leaves out). Package imports are not followed.
// The snippets of a file are kept while its list of imports stays the same, so typing anywhere else in it
// gives the same bytes, and the prompt's stable prefix stays the same.
import type { WorkspacePathPolicy } from '../tools/pathPolicy';
import { PathPolicyError } from '../tools/toolErrors';
import type { WorkspaceFiles } from '../tools/workspaceFiles';
import type { RelatedSnippet } from './completionTypes';
import { importedPaths, type ImportCandidates } from './importSyntax';

/** The first lines of an imported file that are offered (its exports usually come first). */
export const IMPORT_LINES = 60;
/** The imports followed, in the order the file names them. */
export const MAX_IMPORTS = 4;
/** A larger file is not read: a generated bundle is no help to a completion. */
const MAX_IMPORT_BYTES = 512 * 1024;
/** Documents whose imports are kept. */
const KEPT_DOCUMENTS = 16;

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
    const specifiers = importedPaths(languageId, path, text).slice(0, MAX_IMPORTS);
    const imports = JSON.stringify(specifiers);
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

  private async read(path: string, specifiers: readonly ImportCandidates[]): Promise<RelatedSnippet[]> {
    if (specifiers.length === 0) return [];
    const policy = this.deps.policy();
    const snippets: RelatedSnippet[] = [];
    const seen = new Set<string>([path]);
    for (const specifier of specifiers) {
      // A file that cannot be looked at (permissions, a race with its deletion) is context left out,
      // not a completion lost.
      const snippet = await this.readOne(policy, specifier).catch(() => undefined);
      if (!snippet || seen.has(snippet.path)) continue;
      seen.add(snippet.path);
      snippets.push(snippet);
    }
    return snippets;
  }

  /** The first candidate that is a file; undefined when none is, or when the gate would ask about it. */
  private async readOne(policy: WorkspacePathPolicy, candidates: ImportCandidates): Promise<RelatedSnippet | undefined> {
    for (const candidate of candidates) {
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
