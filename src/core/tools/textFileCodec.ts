// How a workspace text file is stored (encoding, byte order mark, line endings), so the agent reads it as
// the text it is and writes a changed text back in the same form, byte for byte where nothing changed.
// A file is taken only if decoding then encoding gives back exactly its bytes: otherwise an edit would
// rewrite bytes nobody changed, so it is refused before anything happens.
import type { EncodingDetector } from './encodingDetector';
import { BinaryFileError } from './workspaceText';

type Iconv = typeof import('iconv-lite');

/**
 * iconv-lite and its code-page tables (half a megabyte) are loaded on the first file that is not UTF-8 or
 * UTF-16, which Node reads and writes itself; a file is always decoded before it is encoded, so the
 * codec is there by the time a legacy encoding is written.
 */
let iconvLoading: Promise<Iconv> | undefined;
let iconvLoaded: Iconv | undefined;
const NATIVE: Record<string, (text: string) => Buffer> = {
  utf8: (text) => Buffer.from(text, 'utf8'),
  utf16le: (text) => Buffer.from(text, 'utf16le'),
  utf16be: (text) => Buffer.from(text, 'utf16le').swap16(),
};

async function loadIconv(): Promise<Iconv> {
  iconvLoading ??= import('iconv-lite').then((module) => (iconvLoaded = (module as Iconv & { default?: Iconv }).default ?? module));
  return iconvLoading;
}

function loadedIconv(encoding: string): Iconv {
  if (!iconvLoaded) throw new Error(`the ${encoding} codec is used before any file in that encoding was decoded`);
  return iconvLoaded;
}

function encodeWith(text: string, encoding: string): Buffer {
  const native = NATIVE[encoding];
  return native ? native(text) : loadedIconv(encoding).encode(text, encoding, { addBOM: false });
}

function decodeWith(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'utf8') return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  if (encoding === 'utf16le') return new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes);
  if (encoding === 'utf16be') return new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes);
  return loadedIconv(encoding).decode(Buffer.from(bytes), encoding, { stripBOM: false });
}

export type LineEndings = 'lf' | 'crlf' | 'mixed' | 'none';

export interface TextFileFormat {
  /** iconv-lite's name of the encoding. */
  encoding: string;
  /** The encoding as people name it: "UTF-8", "GB18030", "windows-1252". */
  label: string;
  bom: boolean;
  lineEndings: LineEndings;
}

export interface DecodedTextFile {
  text: string;
  format: TextFileFormat;
}

export const NEW_FILE_FORMAT: TextFileFormat = { encoding: 'utf8', label: 'UTF-8', bom: false, lineEndings: 'lf' };

/** Bytes that are neither UTF-8 nor an encoding that reads and writes them back unchanged. */
export class UndecodableFileError extends Error {
  override readonly name = 'UndecodableFileError';
  constructor(
    readonly display: string,
    readonly reason: string,
  ) {
    super(`${display} cannot be read or edited safely: ${reason}. Nothing was changed; the user can convert it to UTF-8 in the editor (status bar, "Save with Encoding").`);
  }
}

/** Text holding a character the file's encoding cannot store. */
export class UnencodableTextError extends Error {
  override readonly name = 'UnencodableTextError';
  constructor(
    readonly display: string,
    readonly character: string,
    readonly line: number,
    readonly label: string,
  ) {
    super(
      `${display} is stored as ${label}, which cannot hold ${JSON.stringify(character)} (U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}, line ${line} of the new text); nothing was changed. Use only characters ${label} has, or ask the user to convert the file to UTF-8.`,
    );
  }
}

/**
 * Encodings guessed for files that are not UTF-8. A short list on purpose: on a few bytes a detector
 * cannot tell Latin-1 from Greek or Central European code pages, and a wrong guess shows the model
 * wrong letters, so only the code pages source files are commonly kept in take part.
 */
const MULTI_BYTE = ['GB18030', 'Big5', 'Shift_JIS', 'CP932', 'EUC-JP', 'EUC-KR'];
const SINGLE_BYTE = ['windows-1252', 'windows-1251', 'KOI8-R'];

const BOMS: { bytes: number[]; encoding: string; label: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf8', label: 'UTF-8 with BOM' },
  { bytes: [0xff, 0xfe], encoding: 'utf16le', label: 'UTF-16 LE' },
  { bytes: [0xfe, 0xff], encoding: 'utf16be', label: 'UTF-16 BE' },
];

function labelOf(name: string): string {
  if (name === 'latin1') return 'ISO-8859-1';
  return [...MULTI_BYTE, ...SINGLE_BYTE].find((known) => known.toLowerCase() === name.toLowerCase()) ?? name;
}

/**
 * The encodings to try, most likely first. The detector's confidences are low and close on the few
 * non-ASCII bytes of a source file, so its ranking is only taken where it is a clear signal: a
 * multi-byte encoding it names (their byte patterns are strict, and a wrong one does not survive the
 * round trip) before any single-byte one unless that one is twice as likely; among single-byte code
 * pages windows-1252 (a superset of Latin-1) unless another is twice as likely. Latin-1 comes last: it
 * decodes anything, so it is the fallback, never a rival.
 */
async function guessEncodings(bytes: Uint8Array, detector: EncodingDetector): Promise<string[]> {
  const [guesses, iconv] = await Promise.all([detector.detect(bytes, [...MULTI_BYTE, ...SINGLE_BYTE]), loadIconv()]);
  const found = [...guesses].sort((a, b) => b.confidence - a.confidence);
  const confidence = (name: string) => found.find((r) => r.encoding.toLowerCase() === name.toLowerCase())?.confidence ?? 0;
  const isMultiByte = (name: string) => MULTI_BYTE.some((m) => m.toLowerCase() === name.toLowerCase());
  const bestSingle = Math.max(0, ...found.filter((r) => !isMultiByte(r.encoding)).map((r) => r.confidence));
  const multi = found.filter((r) => isMultiByte(r.encoding) && 2 * r.confidence >= bestSingle).map((r) => r.encoding);
  const western = confidence('windows-1252');
  const single = found.filter((r) => !isMultiByte(r.encoding) && r.confidence > 2 * western).map((r) => r.encoding);
  const rest = found.map((r) => r.encoding);
  return [...multi, ...single, 'windows-1252', ...rest, 'latin1'].filter((name, i, all) => iconv.encodingExists(name) && all.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === i);
}

export function lineEndingsOf(text: string): LineEndings {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf === 0) return 'lf';
  return lf === 0 ? 'crlf' : 'mixed';
}

/** CRLF when most of the text's line breaks are CRLF; LF otherwise (and for text without any). */
export function dominantLineEnding(text: string): '\r\n' | '\n' {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

export function encodeTextFile(text: string, format: Pick<TextFileFormat, 'encoding' | 'bom'>): Uint8Array {
  const body = encodeWith(text, format.encoding);
  if (!format.bom) return new Uint8Array(body);
  return new Uint8Array(Buffer.concat([encodeWith('\ufeff', format.encoding), body]));
}

/** Throws UnencodableTextError naming the first character of `text` the format's encoding cannot store. */
export function assertEncodable(text: string, format: TextFileFormat, display: string): void {
  const back = decodeWith(encodeTextFile(text, { encoding: format.encoding, bom: false }), format.encoding);
  if (back === text) return;
  let i = 0;
  while (i < text.length && text.codePointAt(i) === back.codePointAt(i)) i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  const character = String.fromCodePoint(text.codePointAt(i) ?? 0xfffd);
  throw new UnencodableTextError(display, character, text.slice(0, i).split('\n').length, format.label);
}

/** Reads the file's bytes as text, with the format to write it back in; `detector` guesses a legacy encoding. */
export async function decodeTextFile(bytes: Uint8Array, display: string, detector: EncodingDetector): Promise<DecodedTextFile> {
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  const body = bom ? bytes.subarray(bom.bytes.length) : bytes;
  let candidates: { encoding: string; label: string }[];
  if (bom) {
    candidates = [{ encoding: bom.encoding, label: bom.label }];
  } else {
    if (bytes.includes(0)) throw new BinaryFileError(display);
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
      candidates = [{ encoding: 'utf8', label: 'UTF-8' }];
    } catch {
      candidates = (await guessEncodings(body, detector)).map((name) => ({ encoding: name, label: labelOf(name) }));
    }
  }
  for (const { encoding, label } of candidates) {
    const text = decodeWith(body, encoding);
    if (text.includes('\0')) throw new BinaryFileError(display);
    if (!sameBytes(encodeTextFile(text, { encoding, bom: false }), body)) continue;
    return { text, format: { encoding, label, bom: bom !== undefined, lineEndings: lineEndingsOf(text) } };
  }
  const reason = bom
    ? `its bytes are not valid ${bom.label} (decoding and encoding them again would change them)`
    : 'its bytes are not UTF-8, and no encoding was found that reads them and writes them back unchanged';
  throw new UndecodableFileError(display, reason);
}

/** "CRLF, GB18030" for what differs from plain UTF-8 with LF line endings; empty when nothing does. */
export function describeFormat(format: TextFileFormat): string {
  const parts: string[] = [];
  if (format.lineEndings === 'crlf') parts.push('CRLF');
  if (format.lineEndings === 'mixed') parts.push('mixed CRLF and LF line endings');
  if (format.encoding !== 'utf8' || format.bom) parts.push(format.label);
  return parts.join(', ');
}
