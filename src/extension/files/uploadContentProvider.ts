// Extracted content of an uploaded file as a read-only virtual document (svc-upload:/<id>/<name>),
// fetched from the service when opened, so nothing is written to disk.
import * as vscode from 'vscode';
import type { FileServices } from './fileServices';

export const UPLOAD_SCHEME = 'svc-upload';

export function uploadContentUri(fileId: string, filename: string): vscode.Uri {
  return vscode.Uri.from({ scheme: UPLOAD_SCHEME, path: `/${fileId}/${filename} (extracted).json` });
}

/** The service returns a JSON document; it is shown indented, or as received when it is not JSON. */
function readable(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    return content;
  }
}

export function registerUploadContentProvider(services: FileServices): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(UPLOAD_SCHEME, {
    async provideTextDocumentContent(uri) {
      const fileId = uri.path.split('/')[1];
      if (!fileId) throw new Error(`No file id in ${uri.toString()}`);
      const { client } = await services.get();
      return readable(await client.files.content(fileId));
    },
  });
}
