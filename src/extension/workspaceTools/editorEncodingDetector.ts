// The agent's encoding detector in VS Code: VS Code's own jschardet when bundledJschardet finds one it
// may load (asked again on each guess, like the search's ripgrep: a workspace folder added since may
// hold the only copy), otherwise the small chardet the extension carries. Either is loaded on the
// first file that is not UTF-8; most workspaces never have one.
import type { EncodingDetector, EncodingGuess } from '../../core/tools/encodingDetector';
import { ChardetEncodingDetector } from './chardetEncodingDetector';
import { bundledJschardet, VscodeJschardet } from './vscodeJschardet';

export interface DetectorEnvironment {
  /** VS Code's installation folder (vscode.env.appRoot). */
  appRoot: string;
  workspaceFolders: () => readonly string[];
}

export class EditorEncodingDetector implements EncodingDetector {
  private readonly fallback = new ChardetEncodingDetector();
  private readonly loaded = new Map<string, VscodeJschardet | undefined>();

  constructor(private readonly environment: DetectorEnvironment) {}

  /** The detector the next guess uses: VS Code's jschardet when it is found and loads, else chardet. */
  current(): VscodeJschardet | ChardetEncodingDetector {
    const file = bundledJschardet(this.environment.appRoot, this.environment.workspaceFolders());
    if (file === undefined) return this.fallback;
    if (!this.loaded.has(file)) this.loaded.set(file, VscodeJschardet.load(file));
    return this.loaded.get(file) ?? this.fallback;
  }

  /** A VS Code whose jschardet no longer takes these encodings' names (it throws on one it does not know) gets chardet's guess. */
  async detect(bytes: Uint8Array, candidates: readonly string[]): Promise<EncodingGuess[]> {
    const detector = this.current();
    try {
      return await detector.detect(bytes, candidates);
    } catch (error) {
      if (detector === this.fallback) throw error;
      return this.fallback.detect(bytes, candidates);
    }
  }
}
