// The encoding detector the extension carries for when VS Code's own jschardet cannot be found
// (vscodeJschardet.ts): `chardet`, a port of ICU's detector, 25 KB against jschardet's 1 MB of models.
// Its answers are brought to the shape core ranks (encodingDetector.ts): names as iconv-lite spells them,
// confidences from 0 to 1, and two of its habits on the few non-ASCII bytes of a source file corrected.
import type { EncodingDetector, EncodingGuess } from '../../core/tools/encodingDetector';

type Chardet = typeof import('chardet');

/**
 * chardet tells apart Latin-script code pages (ISO-8859-1/2/9, windows-1250/1252/1254/1257) on a
 * handful of accented letters, which is noise; core considers windows-1252 alone among them (a wrong
 * guess between those would show the model wrong letters all the same), so they all count for it.
 */
const SAME_AS: Record<string, readonly string[]> = {
  'windows-1252': ['windows-1252', 'ISO-8859-1', 'ISO-8859-2', 'ISO-8859-9', 'windows-1250', 'windows-1254', 'windows-1257'],
  'windows-1251': ['windows-1251'],
  'KOI8-R': ['KOI8-R'],
  GB18030: ['GB18030'],
  Big5: ['Big5'],
  'EUC-JP': ['EUC-JP'],
  'EUC-KR': ['EUC-KR'],
  Shift_JIS: ['Shift_JIS'],
  // Microsoft's superset of Shift_JIS, which chardet does not name apart.
  CP932: ['Shift_JIS'],
};

const MULTI_BYTE = new Set(['GB18030', 'Big5', 'EUC-JP', 'EUC-KR', 'Shift_JIS']);

/**
 * chardet looks a multi-byte encoding's characters up in its frequency table only when there are more
 * than 10 of them; below that any well-formed sequence gets the same 10%, so a Chinese comment and an
 * accented French word (é followed by a letter is a well-formed GB18030 pair) look alike. A short file
 * is read repeated until it has enough bytes for the table to be consulted; the proportions it judges
 * by stay the same.
 */
const SHORT_SAMPLE = 4096;
const REPEAT_SHORT = 11;

export class ChardetEncodingDetector implements EncodingDetector {
  private loading: Promise<Chardet> | undefined;

  async detect(bytes: Uint8Array, candidates: readonly string[]): Promise<EncodingGuess[]> {
    this.loading ??= import('chardet').then((module) => (module as Chardet & { default?: Chardet }).default ?? module);
    const chardet = await this.loading;
    const single = chardet.analyse(bytes);
    const multi = bytes.length < SHORT_SAMPLE ? chardet.analyse(Buffer.concat(Array.from({ length: REPEAT_SHORT }, () => bytes))) : single;
    const confidenceOf = (name: string): number => {
      const matches = (MULTI_BYTE.has(name) ? multi : single).filter((m) => m.name === name);
      return Math.max(0, ...matches.map((m) => m.confidence / 100));
    };
    return candidates
      .map((encoding) => ({ encoding, confidence: Math.max(0, ...(SAME_AS[encoding] ?? []).map(confidenceOf)) }))
      .filter((guess) => guess.confidence > 0);
  }
}
