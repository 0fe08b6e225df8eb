// VS Code's own encoding detector: the jschardet its editor guesses encodings with
// (`files.autoGuessEncoding`), found under `vscode.env.appRoot` in one of the layouts its builds use and
// loaded from there, so the extension need not ship its megabyte of models. Only these places are
// tried, and a copy whose real path lies inside a workspace folder is never loaded: a cloned repository
// must not be able to supply code the extension host runs. Its answers are brought to the shape core
// ranks (encodingDetector.ts): VS Code's copy (3.x) names some encodings its own way.
import { realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { EncodingGuess } from '../../core/tools/encodingDetector';

/** What the detector answers; VS Code's copy, whatever its version, has this much. */
interface Jschardet {
  detectAll(buffer: Buffer, options: { detectEncodings: string[] }): { encoding: string; confidence: number }[];
}

/** The places VS Code builds keep jschardet, most common first: the file VS Code itself loads. */
export function jschardetCandidates(appRoot: string): string[] {
  const file = path.join('jschardet', 'dist', 'jschardet.min.js');
  return [path.join(appRoot, 'node_modules', file), path.join(appRoot, 'node_modules.asar', file)];
}

/** Core's name → the names VS Code's jschardet gives the same encoding (GB2312 is its name for the GB family). */
const JSCHARDET_NAMES: Record<string, string> = {
  GB18030: 'GB2312',
  Big5: 'Big5',
  Shift_JIS: 'SHIFT_JIS',
  // Microsoft's superset of Shift_JIS, which jschardet does not name apart.
  CP932: 'SHIFT_JIS',
  'EUC-JP': 'EUC-JP',
  'EUC-KR': 'EUC-KR',
  'windows-1252': 'windows-1252',
  'windows-1251': 'windows-1251',
  'KOI8-R': 'KOI8-R',
};

/** The path of VS Code's jschardet, or undefined when none is found outside `workspaceFolders`. */
export function bundledJschardet(appRoot: string, workspaceFolders: readonly string[]): string | undefined {
  if (appRoot === '') return undefined;
  const fold = (p: string): string => (process.platform === 'linux' ? p : p.toLowerCase());
  const folders = workspaceFolders.map((folder) => fold(realOrUndefined(folder) ?? path.resolve(folder)));
  for (const candidate of jschardetCandidates(appRoot)) {
    const real = realOrUndefined(candidate);
    if (real === undefined || !isFile(real)) continue;
    const folded = fold(real);
    if (folders.some((folder) => folded === folder || folded.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep))) continue;
    return real;
  }
  return undefined;
}

/** VS Code's jschardet at `file` (from bundledJschardet), answering as core's detector port does. */
export class VscodeJschardet {
  private constructor(private readonly jschardet: Jschardet) {}

  /** Undefined when the file does not load, or is not a jschardet this adapter can use. */
  static load(file: string): VscodeJschardet | undefined {
    let loaded: unknown;
    try {
      loaded = createRequire(file)(file);
    } catch {
      return undefined;
    }
    const detectAll = (loaded as Partial<Jschardet> | undefined)?.detectAll;
    return typeof detectAll === 'function' ? new VscodeJschardet(loaded as Jschardet) : undefined;
  }

  detect(bytes: Uint8Array, candidates: readonly string[]): EncodingGuess[] {
    const known = candidates.filter((name) => JSCHARDET_NAMES[name] !== undefined);
    const detectEncodings = [...new Set(known.map((name) => JSCHARDET_NAMES[name] as string))];
    // jschardet reads a Buffer byte by byte; any other array it would take for text.
    const found = this.jschardet.detectAll(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { detectEncodings });
    return known.flatMap((encoding) => {
      const name = (JSCHARDET_NAMES[encoding] as string).toLowerCase();
      const confidence = Math.max(0, ...found.filter((r) => r.encoding.toLowerCase() === name).map((r) => r.confidence));
      return confidence > 0 ? [{ encoding, confidence }] : [];
    });
  }
}

function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
