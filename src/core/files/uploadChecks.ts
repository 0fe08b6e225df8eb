// What may be uploaded, decided before any byte leaves the machine: size limits with the service's own
// reasons, and the kind of file (text, document, image, video) from its extension and its content.
// Binary content that is none of the kinds the service takes is refused rather than sent to fail there.
import { isBinaryFileSync } from 'isbinaryfile';
import { FILE_EXTENSIONS, LIMITS, type FilePurpose } from '../../api/index';
import * as l10n from '../l10n';

/** text: source code and plain text; document: binary formats the service extracts (PDF, Office, e-books). */
export type FileKind = 'text' | 'document' | 'image' | 'video';

/** The service's own reasons (spec error table), so the user reads the same words either way. */
export function tooLargeReason(): string {
  return l10n.t('File size is too large, max file size is 100MB, please confirm and re-upload the file');
}

export function emptyReason(): string {
  return l10n.t('File size is zero, please confirm and re-upload the file');
}

/** How many leading bytes the content checks need; callers may pass just this much of a large file. */
export const SNIFF_BYTES = 64 * 1024;

/** The spec names no video formats; these are the containers browsers and the service's peers take. */
export const VIDEO_EXTENSIONS = ['.mp4', '.m4v', '.mov', '.webm', '.mkv', '.avi', '.mpeg', '.mpg', '.3gp', '.ogv', '.wmv', '.flv'] as const;

/** Documents of the spec's list whose content is binary; the others (.txt, .md, .json, ...) are text formats. */
const BINARY_DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.epub', '.mobi'];
/** Image formats whose content is text (XML or C source), so they pass the binary sniff. */
const TEXT_IMAGE_EXTENSIONS = ['.svg', '.xbm'];

const IMAGE_MIME: Record<string, string> = {
  '.jpeg': 'image/jpeg', '.jpg': 'image/jpeg', '.pjp': 'image/jpeg', '.pjpeg': 'image/jpeg', '.jfif': 'image/jpeg',
  '.png': 'image/png', '.apng': 'image/apng', '.bmp': 'image/bmp', '.dib': 'image/bmp', '.gif': 'image/gif',
  '.svg': 'image/svg+xml', '.svgz': 'image/svg+xml', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.xbm': 'image/x-xbitmap', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.avif': 'image/avif',
};
const VIDEO_MIME: Record<string, string> = {
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo', '.mpeg': 'video/mpeg', '.mpg': 'video/mpeg', '.3gp': 'video/3gpp', '.ogv': 'video/ogg',
  '.wmv': 'video/x-ms-wmv', '.flv': 'video/x-flv',
};

export class UploadRefusedError extends Error {
  override readonly name = 'UploadRefusedError';
  constructor(
    readonly fileName: string,
    readonly reason: string,
  ) {
    super(`${fileName}: ${reason}`);
  }
}

export interface UploadCandidate {
  /** Shown in every refusal; a path or a base name. */
  name: string;
  /** Full size in bytes (from a stat: the whole file need not be read to refuse it). */
  size: number;
  /** The first bytes of the content, at least min(size, SNIFF_BYTES) of them. */
  head: Uint8Array;
}

export interface AcceptedUpload {
  kind: FileKind;
  /** MIME type for data URIs of images and videos; undefined for text and documents. */
  mime: string | undefined;
  /** The purpose this kind is uploaded with when the caller has no reason to choose another. */
  purpose: FilePurpose;
}

/** The usual extension of an image or video MIME type, e.g. `.png`; undefined for others. */
export function extensionForMime(mime: string): string | undefined {
  return Object.entries({ ...IMAGE_MIME, ...VIDEO_MIME }).find(([, m]) => m === mime)?.[0];
}

export function isMediaExtension(ext: string): boolean {
  return (FILE_EXTENSIONS.image as readonly string[]).includes(ext) || (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

type FileTypeInfo = typeof import('magic-bytes.js').filetypeinfo;
let sniffing: Promise<FileTypeInfo> | undefined;
/** The content sniffer and its table of signatures: loaded on the first binary file whose extension does not say what it is. */
function loadSniffer(): Promise<FileTypeInfo> {
  // Its named export: the module's `default` is not the same object under every loader's interop.
  sniffing ??= import('magic-bytes.js').then((module) => module.filetypeinfo);
  return sniffing;
}

function isBinary(head: Uint8Array): boolean {
  return head.includes(0) || isBinaryFileSync(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
}

async function classifyBinary(name: string, ext: string, head: Uint8Array): Promise<AcceptedUpload> {
  if ((FILE_EXTENSIONS.image as readonly string[]).includes(ext)) return { kind: 'image', mime: IMAGE_MIME[ext], purpose: 'image' };
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return { kind: 'video', mime: VIDEO_MIME[ext], purpose: 'video' };
  if (BINARY_DOCUMENT_EXTENSIONS.includes(ext)) return { kind: 'document', mime: undefined, purpose: 'file-extract' };
  const guesses = (await loadSniffer())(head);
  const image = guesses.find((g) => g.mime?.startsWith('image/'));
  if (image) return { kind: 'image', mime: image.mime, purpose: 'image' };
  const video = guesses.find((g) => g.mime?.startsWith('video/'));
  if (video) return { kind: 'video', mime: video.mime, purpose: 'video' };
  if (guesses.some((g) => g.typename === 'pdf')) return { kind: 'document', mime: undefined, purpose: 'file-extract' };
  const documents = BINARY_DOCUMENT_EXTENSIONS.join(', ');
  throw new UploadRefusedError(
    name,
    guesses[0]
      ? l10n.t('it is a binary file ({0}), not an image, a video or a supported document ({1} or text); it is not sent', guesses[0].typename, documents)
      : l10n.t('it is a binary file, not an image, a video or a supported document ({0} or text); it is not sent', documents),
  );
}

/** Decides whether a file may be uploaded and as what; throws UploadRefusedError naming the file otherwise. */
export async function checkUpload(file: UploadCandidate, maxFileBytes: number = LIMITS.maxFileBytes): Promise<AcceptedUpload> {
  if (file.size <= 0) throw new UploadRefusedError(file.name, emptyReason());
  if (file.size > maxFileBytes) throw new UploadRefusedError(file.name, tooLargeReason());
  const ext = extensionOf(file.name);
  const head = file.head.subarray(0, SNIFF_BYTES);
  if (isBinary(head)) return classifyBinary(file.name, ext, head);
  if (TEXT_IMAGE_EXTENSIONS.includes(ext)) return { kind: 'image', mime: IMAGE_MIME[ext], purpose: 'image' };
  return { kind: 'text', mime: undefined, purpose: 'file-extract' };
}

/** The kind as a refusal names it. */
function kindName(kind: FileKind): string {
  if (kind === 'text') return l10n.t('text');
  if (kind === 'document') return l10n.t('a document');
  return kind === 'image' ? l10n.t('an image') : l10n.t('a video');
}

/** The same check with a purpose the caller insists on (an image picked for `image_url`, say). */
export async function checkUploadFor(file: UploadCandidate, purpose: FilePurpose, maxFileBytes?: number): Promise<AcceptedUpload> {
  const accepted = await checkUpload(file, maxFileBytes);
  if (purpose === 'image' && accepted.kind !== 'image') throw new UploadRefusedError(file.name, l10n.t('it is not an image (it is {0}); only images can be sent as image_url', kindName(accepted.kind)));
  if (purpose === 'video' && accepted.kind !== 'video') throw new UploadRefusedError(file.name, l10n.t('it is not a video (it is {0}); only videos can be sent as video_url', kindName(accepted.kind)));
  if (purpose === 'file-extract' && accepted.kind === 'video') throw new UploadRefusedError(file.name, l10n.t('the service extracts text from documents, code and images, not from videos'));
  return { ...accepted, purpose };
}
