// Text the user approves must be seen as it is. A command or a path can hide what it does behind
// characters that show nothing or reorder what is shown: control characters, bidirectional overrides
// (U+202E makes "gpj.exe" read "exe.jpg"), zero-width characters, or a long run of blank lines that
// pushes the real command out of sight. This makes every such character a visible marker such as
// ⟨U+202E RLO⟩, counts the lines, and says what it found, for the host's dialogs and the view alike.
// What it says is in the display language through the shared l10n module, which the view fills from
// the page and each host bundle from VS Code's bundle when it starts (src/extension/coreTranslator.ts).
import * as l10n from './l10n';

const NAMES: Record<number, string> = {
  0x7f: 'DEL',
  0x200b: 'ZWSP',
  0x200c: 'ZWNJ',
  0x200d: 'ZWJ',
  0x200e: 'LRM',
  0x200f: 'RLM',
  0x2028: 'LINE SEP',
  0x2029: 'PARA SEP',
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2060: 'WJ',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
  0x061c: 'ALM',
  0xfeff: 'BOM',
  0x00ad: 'SHY',
  0x1b: 'ESC',
  0x0d: 'CR',
  0x08: 'BS',
  0x00: 'NUL',
};

/** Characters that display nothing or change how the rest is displayed; tab and newline are kept. */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/** Blank lines in a row beyond which the rest of a text could be pushed out of sight. */
const MAX_BLANK_RUN = 2;

export interface RevealedText {
  /** The text with every hidden character as a visible marker, and long blank runs folded to a marker line. */
  text: string;
  /** Lines of the original text. */
  lineCount: number;
  /** Hidden characters found (each occurrence). */
  hiddenCount: number;
  /** What the user must be told, or undefined when the text shows as it is. */
  warning: string | undefined;
}

function marker(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const name = NAMES[code];
  return `⟨U+${hex}${name ? ` ${name}` : ''}⟩`;
}

export function revealHiddenText(original: string, options: { manyLinesExpected?: boolean } = {}): RevealedText {
  let hiddenCount = 0;
  const shown = original.replace(HIDDEN, (char) => {
    hiddenCount += 1;
    return marker(char);
  });
  const lines = shown.split('\n');
  const out: string[] = [];
  let blankRun = 0;
  let foldedRuns = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      blankRun += 1;
      continue;
    }
    if (blankRun > MAX_BLANK_RUN) {
      out.push(blankRunMarker(blankRun));
      foldedRuns += 1;
    } else {
      for (let b = 0; b < blankRun; b++) out.push('');
    }
    blankRun = 0;
    out.push(line.replace(/[ \t]+$/, (tail) => `${tail}${trailingMarker(tail.length)}`));
  }
  if (blankRun > MAX_BLANK_RUN) {
    out.push(blankRunMarker(blankRun));
    foldedRuns += 1;
  }
  const lineCount = lines.length;
  const notes: string[] = [];
  if (hiddenCount > 0) {
    notes.push(hiddenCount === 1 ? l10n.t('1 hidden or direction-changing character (shown as ⟨U+…⟩)') : l10n.t('{0} hidden or direction-changing characters (shown as ⟨U+…⟩)', hiddenCount));
  }
  if (foldedRuns > 0) notes.push(l10n.t('long runs of blank lines (shown as ⟨N blank lines⟩)'));
  const nonEmpty = lines.filter((line) => line.trim() !== '').length;
  if (nonEmpty > 1 && options.manyLinesExpected !== true) notes.push(l10n.t('{0} non-empty lines: read all of them', nonEmpty));
  return {
    text: out.join('\n'),
    lineCount,
    hiddenCount,
    warning: notes.length > 0 ? l10n.t('Look closely: {0}.', notes.reduce((list, note) => l10n.t('{0}; {1}', list, note))) : undefined,
  };
}

function blankRunMarker(count: number): string {
  return `⟨${l10n.t('{0} blank lines', count)}⟩`;
}

function trailingMarker(spaces: number): string {
  return `⟨${spaces === 1 ? l10n.t('trailing space') : l10n.t('trailing {0} spaces', spaces)}⟩`;
}

export interface RevealedApproval {
  title: string;
  detail: string;
  /** "1 line", "41 lines": of the detail as the model wrote it. */
  lines: string;
  lineCount: number;
  /** The request's own warning first, then what revealing the title and the detail found. */
  warnings: string[];
}

/** An approval question as every surface shows it (the chat view's card and the host's dialog). */
/** An edit's detail is its diff, many lines by nature: only hidden characters and blank runs are warned about. */
export function revealApproval(request: { title: string; detail: string; warning?: string | undefined; kind?: string }): RevealedApproval {
  const title = revealHiddenText(request.title);
  const detail = revealHiddenText(request.detail, { manyLinesExpected: request.kind === 'edit' });
  return {
    title: title.text,
    detail: detail.text,
    lines: detail.lineCount === 1 ? l10n.t('1 line') : l10n.t('{0} lines', detail.lineCount),
    lineCount: detail.lineCount,
    warnings: [request.warning, title.warning, detail.warning].filter((w): w is string => w !== undefined),
  };
}
