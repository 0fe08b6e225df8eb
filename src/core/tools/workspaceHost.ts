// What the workspace tools need from the editor, as narrow ports: each tool takes only those it uses.
// The extension implements them with VS Code and Node APIs (vscodeWorkspaceHost.ts); core never imports
// either, and the tests share one set of stand-ins (test/support/testWorkspaceHost.ts).
import type { WorkspaceDiagnostics } from '../diagnostics/workspaceDiagnostics';
import type { DiffPreview } from './diffPreview';
import type { EncodingDetector } from './encodingDetector';
import type { WorkspaceCommands } from './workspaceCommands';
import type { WorkspaceFiles } from './workspaceFiles';
import type { WorkspaceSearch } from './workspaceSearch';

export interface WorkspaceHost {
  readonly files: WorkspaceFiles;
  /** Text and file-name search over the workspace's folders (ripgrep in VS Code). */
  readonly search: WorkspaceSearch;
  /** Guesses the encoding of a file that is not UTF-8 (VS Code's own detector in VS Code). */
  readonly encodingDetector: EncodingDetector;
  readonly commands: WorkspaceCommands;
  readonly diagnostics: WorkspaceDiagnostics;
  readonly diffPreview: DiffPreview;
}
