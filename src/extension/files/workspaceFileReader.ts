// Reads a file for upload. An open document's text is what the user sees, saved or not; other files
// are read from disk after a stat, so a 2 GB file is refused without being read into memory.
import * as vscode from 'vscode';
import { LIMITS } from '../../api/index';
import type { FileSource } from '../../core/files/contextBuilder';
import { checkUpload } from '../../core/files/uploadChecks';

export async function readFileForUpload(uri: vscode.Uri): Promise<FileSource> {
  const name = vscode.workspace.asRelativePath(uri, false);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open && (open.isDirty || open.isUntitled)) return { source: uri.toString(), name, data: new TextEncoder().encode(open.getText()) };
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type & vscode.FileType.Directory) throw new Error(vscode.l10n.t('{0} is a folder; pick files inside it.', name));
  // checkUpload refuses on size alone (with the service's reason) before content is needed.
  if (stat.size === 0 || stat.size > LIMITS.maxFileBytes) await checkUpload({ name, size: stat.size, head: new Uint8Array() });
  return { source: uri.toString(), name, data: await vscode.workspace.fs.readFile(uri) };
}
