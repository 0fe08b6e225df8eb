// A file pasted or dropped into the chat webview arrives as base64 with its MIME type; it becomes the
// bytes and name the attachment session takes.
import type { PastedFile } from '../../shared/protocol';

export class PastedFileError extends Error {
  override readonly name = 'PastedFileError';
}

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/bmp': 'bmp' };
/** What browsers call every image pasted from the clipboard. */
const CLIPBOARD_IMAGE_NAME = 'image.png';

/** A real name is kept; a clipboard image gets a dated one so two pastes do not look alike on their chips. */
export function pastedFileName(file: PastedFile, index: number, now: Date): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1];
  if (extension && file.name !== CLIPBOARD_IMAGE_NAME) return file.name;
  const ext = IMAGE_EXTENSIONS[file.mimeType.toLowerCase()] ?? extension ?? 'bin';
  const base = extension ? `pasted-${now.toISOString().replace(/[:.]/g, '-')}-${index + 1}` : file.name;
  return `${base}.${ext}`;
}

export function decodePasted(file: PastedFile, index: number, now: Date = new Date()): { name: string; data: Uint8Array; source: string } {
  const data = new Uint8Array(Buffer.from(file.dataBase64, 'base64'));
  if (data.byteLength === 0) throw new PastedFileError(`attachPasted.files.${index}.dataBase64: expected base64 file content, got nothing decodable`);
  const name = pastedFileName(file, index, now);
  return { name, data, source: `pasted:${name}` };
}
