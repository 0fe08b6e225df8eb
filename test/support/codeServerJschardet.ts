// The jschardet of the VS Code the tests run (code-server, installed by scripts/setup-tools.sh), found
// the way the extension finds it: the suites that use it run after the tools step and fail, never
// skip, when it is missing.
import { bundledJschardet } from '../../src/extension/workspaceTools/vscodeJschardet';
import { MissingToolError } from '../harness/toolPaths';
import { codeServerAppRoot } from './codeServerRipgrep';

export function codeServerJschardet(): string {
  const file = bundledJschardet(codeServerAppRoot, []);
  if (file === undefined) throw new MissingToolError(`No jschardet under ${codeServerAppRoot}: run scripts/setup-tools.sh (or set SVC_TOOLS_DIR to where it installed code-server).`);
  return file;
}
