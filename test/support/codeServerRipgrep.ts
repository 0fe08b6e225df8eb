// The ripgrep of the VS Code the tests run (code-server, installed by scripts/setup-tools.sh), found the
// way the extension finds it: the suites that use it run after the tools step and fail, never skip,
// when it is missing.
import * as path from 'node:path';
import { bundledRipgrep } from '../../src/extension/workspaceTools/ripgrepLocation';
import { MissingToolError, toolsDir } from '../harness/toolPaths';

/** code-server's `vscode.env.appRoot`. */
export const codeServerAppRoot = path.join(toolsDir, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode');

export function codeServerRipgrep(): string {
  const binary = bundledRipgrep(codeServerAppRoot, []);
  if (binary === undefined) throw new MissingToolError(`No ripgrep under ${codeServerAppRoot}: run scripts/setup-tools.sh (or set SVC_TOOLS_DIR to where it installed code-server).`);
  return binary;
}
