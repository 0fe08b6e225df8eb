// Applies the model's edits (old_text → new_text) to a file's text. Models write "\n" whatever the file
// holds, and often drift from the file by whitespace or typography, so matching compares line endings
// normalised and, when the exact text is absent, climbs a short ladder of tolerances; each rung is used
// only when it finds exactly one place. Everything outside the replaced text keeps its bytes: line
// endings are written as the file has them, lines of new_text that repeat old_text keep the file's own
// version of that line. Nothing here guesses beyond the ladder: a near match is shown, never applied.
import { distance } from 'fastest-levenshtein';
import { dominantLineEnding } from './textFileCodec';

export interface TextEdit {
  oldText: string;
  newText: string;
  replaceAll: boolean;
}

/** How old_text was found: as written, or after ignoring one kind of difference. */
export type MatchTolerance = 'exact' | 'trailing-whitespace' | 'indentation' | 'tabs-spaces' | 'look-alikes';

export interface EditOutcome {
  tolerance: MatchTolerance;
  replacements: number;
  /** What the tolerance changed in new_text, e.g. "re-indented by 4 spaces". */
  adjustment?: string;
}

/** An edit that could not be placed; `message` tells the model what to do next. */
export class EditMatchError extends Error {
  override readonly name = 'EditMatchError';
  constructor(
    /** 0-based position of the edit in the call. */
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

const TOLERANCE_TEXT: Record<Exclude<MatchTolerance, 'exact'>, string> = {
  'trailing-whitespace': 'ignoring trailing whitespace',
  indentation: 'ignoring a different indentation',
  'tabs-spaces': 'ignoring tabs versus spaces in the indentation',
  'look-alikes': 'ignoring look-alike characters (non-breaking spaces, typographic quotes and dashes)',
};

export function describeTolerance(outcome: EditOutcome): string {
  if (outcome.tolerance === 'exact') return '';
  return `matched ${TOLERANCE_TEXT[outcome.tolerance]}${outcome.adjustment ? `; ${outcome.adjustment}` : ''}`;
}

/** One character for one character, so positions in the normalised text are positions in the original. */
const LOOK_ALIKES: Record<string, string> = {
  '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ',
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2212': '-',
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

function plainCharacters(text: string): string {
  return text.replace(LOOK_ALIKE_PATTERN, (c) => LOOK_ALIKES[c] ?? c);
}

/** The text with CRLF read as LF, and where each removed CR was, to map positions back. */
class LfView {
  readonly text: string;
  /** Positions (in `text`) of the LF characters that followed a removed CR, ascending. */
  private readonly removedCr: number[] = [];

  constructor(readonly original: string) {
    this.text = original.replace(/\r\n/g, () => '\n');
    let removed = 0;
    for (let i = original.indexOf('\r\n'); i >= 0; i = original.indexOf('\r\n', i + 2)) this.removedCr.push(i - removed++);
  }

  /** The original position of a position in `text`. */
  toOriginal(position: number): number {
    let low = 0;
    let high = this.removedCr.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.removedCr[mid] as number) < position) low = mid + 1;
      else high = mid;
    }
    return position + low;
  }
}

function lineNumberAt(text: string, position: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < position; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

function columns(indent: string, tabWidth: number): number {
  let column = 0;
  for (const c of indent) column = c === '\t' ? column + tabWidth - (column % tabWidth) : column + 1;
  return column;
}

function describeIndent(prefix: string): string {
  const tabs = prefix.split('\t').length - 1;
  const spaces = prefix.length - tabs;
  return [tabs > 0 ? `${tabs} tab${tabs > 1 ? 's' : ''}` : '', spaces > 0 ? `${spaces} space${spaces > 1 ? 's' : ''}` : ''].filter(Boolean).join(' and ');
}

/** A place whole lines of old_text matched, and how to turn new_text's lines into the file's. */
interface LineMatch {
  start: number;
  adjust: (line: string) => string;
  adjustment?: string;
}

/** A rung of the ladder that compares whole lines: the lines match, or not, at a given place. */
type LineRung = (oldLines: readonly string[], fileLines: readonly string[], start: number) => LineMatch | undefined;

const sameTrimmedEnd: LineRung = (oldLines, fileLines, start) =>
  oldLines.every((line, i) => line.trimEnd() === (fileLines[start + i] as string).trimEnd()) ? { start, adjust: (line) => line } : undefined;

/** The file's lines are old_text's lines with one indentation added to (or removed from) every line. */
const shiftedIndentation: LineRung = (oldLines, fileLines, start) => {
  if (!oldLines.every((line, i) => line.trim() === (fileLines[start + i] as string).trim())) return undefined;
  let added: string | undefined;
  let removed: string | undefined;
  let consistentAdd = true;
  let consistentRemove = true;
  oldLines.forEach((line, i) => {
    if (line.trim() === '') return;
    const mine = leadingWhitespace(line);
    const theirs = leadingWhitespace(fileLines[start + i] as string);
    if (theirs.endsWith(mine) && (added ?? theirs.slice(0, theirs.length - mine.length)) === theirs.slice(0, theirs.length - mine.length)) added = theirs.slice(0, theirs.length - mine.length);
    else consistentAdd = false;
    if (mine.endsWith(theirs) && (removed ?? mine.slice(0, mine.length - theirs.length)) === mine.slice(0, mine.length - theirs.length)) removed = mine.slice(0, mine.length - theirs.length);
    else consistentRemove = false;
  });
  if (consistentAdd && added !== undefined && added !== '') {
    const prefix = added;
    return { start, adjust: (line) => (line.trim() === '' ? line : prefix + line), adjustment: `new_text re-indented by ${describeIndent(prefix)} more` };
  }
  if (consistentRemove && removed !== undefined && removed !== '') {
    const prefix = removed;
    return { start, adjust: (line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line.trimStart()), adjustment: `new_text re-indented by ${describeIndent(prefix)} less` };
  }
  return undefined;
};

/** The same indentation counted in columns (a tab being `tabWidth`), up to one shift for all lines. */
function tabsAndSpaces(tabWidth: number): LineRung {
  return (oldLines, fileLines, start) => {
    if (!oldLines.every((line, i) => line.trim() === (fileLines[start + i] as string).trim())) return undefined;
    let shift: number | undefined;
    let fileUsesTabs = false;
    for (const [i, line] of oldLines.entries()) {
      if (line.trim() === '') continue;
      const theirs = leadingWhitespace(fileLines[start + i] as string);
      fileUsesTabs ||= theirs.includes('\t');
      const delta = columns(theirs, tabWidth) - columns(leadingWhitespace(line), tabWidth);
      if (shift !== undefined && shift !== delta) return undefined;
      shift = delta;
    }
    const by = shift ?? 0;
    const render = (column: number): string => (fileUsesTabs ? '\t'.repeat(Math.floor(column / tabWidth)) + ' '.repeat(column % tabWidth) : ' '.repeat(column));
    return {
      start,
      adjust: (line) => {
        if (line.trim() === '') return line;
        const indent = leadingWhitespace(line);
        return render(Math.max(0, columns(indent, tabWidth) + by)) + line.slice(indent.length);
      },
      adjustment: `new_text indented with ${fileUsesTabs ? 'tabs' : 'spaces'} as the file is`,
    };
  };
}

const LINE_RUNGS: { tolerance: MatchTolerance; rungs: LineRung[] }[] = [
  { tolerance: 'trailing-whitespace', rungs: [sameTrimmedEnd] },
  { tolerance: 'indentation', rungs: [shiftedIndentation] },
  { tolerance: 'tabs-spaces', rungs: [tabsAndSpaces(4), tabsAndSpaces(8), tabsAndSpaces(2)] },
];

/** new_text's lines, where a line repeats old_text's line it keeps the file's own version of it. */
function keepingUnchangedLines(newLines: readonly string[], oldLines: readonly string[], fileLines: readonly string[], adjust: (line: string) => string): string[] {
  let next = 0;
  return newLines.map((line) => {
    for (let k = next; k < oldLines.length; k++) {
      if (oldLines[k] === line) {
        next = k + 1;
        return fileLines[k] as string;
      }
    }
    return adjust(line);
  });
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function linesList(numbers: number[]): string {
  const shown = numbers.slice(0, 8).join(', ');
  return numbers.length > 8 ? `${shown}, …` : shown;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** The file's lines most like old_text's, with their numbers, for the model to copy from. */
function closestLines(fileLines: readonly string[], oldLines: readonly string[]): string {
  const wanted = oldLines.map((l) => l.trim());
  const firstWanted = wanted.find((l) => l !== '') ?? '';
  const firstIndex = Math.max(0, wanted.indexOf(firstWanted));
  const count = Math.min(oldLines.length, 8);
  // A first pass on one line per place, then the few best places scored on several lines.
  const candidates = fileLines
    .map((line, i) => ({ start: i - firstIndex, score: similarity(line.trim(), firstWanted) }))
    .filter((c) => c.start >= 0 && c.start < fileLines.length)
    .sort((a, b) => b.score - a.score)
    .slice(0, 20)
    .map(({ start }) => {
      let total = 0;
      for (let i = 0; i < count; i++) total += similarity((fileLines[start + i] ?? '').trim(), wanted[i] ?? '');
      return { start, score: total / count };
    })
    .sort((a, b) => b.score - a.score || a.start - b.start);
  const best = candidates[0];
  if (!best || best.score < 0.3) return 'No lines of the file are close to it; read the file again (read_file) before editing.';
  const shown = fileLines.slice(best.start, best.start + Math.min(Math.max(oldLines.length, 1), 12));
  const width = String(best.start + shown.length).length;
  const body = shown.map((line, i) => `${String(best.start + i + 1).padStart(width)} | ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`).join('\n');
  return `The closest lines in the file (line numbers before "|", not part of the text):\n${body}`;
}

/** Finds the places old_text matches exactly (line endings aside), non-overlapping for replace_all. */
function exactPlaces(text: string, oldText: string, { replaceAll }: { replaceAll: boolean }): number[] {
  const places: number[] = [];
  for (let i = text.indexOf(oldText); i >= 0; i = text.indexOf(oldText, i + (replaceAll ? oldText.length : 1))) places.push(i);
  return places;
}

/** The line ending new_text's line breaks get: the one ending the line the match starts on; the file's usual one on a last line. */
function endingAt(original: string, position: number): '\r\n' | '\n' {
  const next = original.indexOf('\n', position);
  if (next < 0) return dominantLineEnding(original);
  return next > 0 && original[next - 1] === '\r' ? '\r\n' : '\n';
}

function replaceRanges(view: LfView, ranges: { start: number; end: number; lines: string[] }[]): string {
  let result = view.original;
  for (const range of [...ranges].sort((a, b) => b.start - a.start)) {
    const start = view.toOriginal(range.start);
    const end = view.toOriginal(range.end);
    result = result.slice(0, start) + range.lines.join(endingAt(view.original, start)) + result.slice(end);
  }
  return result;
}

interface Placed {
  text: string;
  outcome: EditOutcome;
}

function placeOne(text: string, edit: TextEdit, index: number, display: string): Placed {
  const view = new LfView(text);
  const oldText = edit.oldText.replace(/\r\n/g, '\n');
  const newText = edit.newText.replace(/\r\n/g, '\n');
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');

  const exact = exactPlaces(view.text, oldText, { replaceAll: edit.replaceAll });
  if (exact.length === 1 || (edit.replaceAll && exact.length > 1)) {
    const ranges = exact.map((start) => ({ start, end: start + oldText.length, lines: newLines }));
    return { text: replaceRanges(view, ranges), outcome: { tolerance: 'exact', replacements: exact.length } };
  }
  if (exact.length > 1) {
    const lines = exact.map((p) => lineNumberAt(view.text, p));
    throw new EditMatchError(index, `old_text occurs ${exact.length} times in ${display} (lines ${linesList(lines)}); include more surrounding lines to make it unique, or set replace_all to change every occurrence.`);
  }

  const fileLines = view.text.split('\n');
  // Whole lines are compared; a final line break in old_text only says the last line is whole.
  const wholeOld = oldText.endsWith('\n') ? oldLines.slice(0, -1) : oldLines;
  const wholeNew = oldText.endsWith('\n') && newText.endsWith('\n') ? newLines.slice(0, -1) : newLines;
  const removesWholeLines = oldText.endsWith('\n') && newText === '';
  for (const { tolerance, rungs } of LINE_RUNGS) {
    if (wholeOld.every((l) => l.trim() === '')) break;
    for (const rung of rungs) {
      const matches: LineMatch[] = [];
      for (let start = 0; start + wholeOld.length <= fileLines.length; start++) {
        const match = rung(wholeOld, fileLines, start);
        if (match) matches.push(match);
      }
      if (matches.length > 1) {
        throw new EditMatchError(
          index,
          `old_text is not in ${display} as written, and ${TOLERANCE_TEXT[tolerance as Exclude<MatchTolerance, 'exact'>]} it matches ${matches.length} places (lines ${linesList(matches.map((m) => m.start + 1))}); nothing was changed. Copy old_text exactly from read_file, with more surrounding lines.`,
        );
      }
      const match = matches[0];
      if (!match) continue;
      const matched = fileLines.slice(match.start, match.start + wholeOld.length);
      const startOffset = fileLines.slice(0, match.start).reduce((sum, line) => sum + line.length + 1, 0);
      const endOffset = startOffset + matched.reduce((sum, line) => sum + line.length + 1, 0) - 1;
      const range = removesWholeLines
        ? { start: startOffset, end: Math.min(endOffset + 1, view.text.length), lines: [''] }
        : { start: startOffset, end: endOffset, lines: keepingUnchangedLines(wholeNew, wholeOld, matched, match.adjust) };
      return { text: replaceRanges(view, [range]), outcome: { tolerance, replacements: 1, ...(match.adjustment ? { adjustment: match.adjustment } : {}) } };
    }
  }

  const plainFile = plainCharacters(view.text);
  const plainOld = plainCharacters(oldText);
  const lookAlike = exactPlaces(plainFile, plainOld, { replaceAll: false });
  if (lookAlike.length > 1) {
    const lines = lookAlike.map((p) => lineNumberAt(view.text, p));
    throw new EditMatchError(index, `old_text is not in ${display} as written, and ${TOLERANCE_TEXT['look-alikes']} it matches ${lookAlike.length} places (lines ${linesList(lines)}); nothing was changed. Copy old_text exactly from read_file, with more surrounding lines.`);
  }
  if (lookAlike.length === 1) {
    const start = lookAlike[0] as number;
    const matched = view.text.slice(start, start + oldText.length).split('\n');
    const range = { start, end: start + oldText.length, lines: keepingUnchangedLines(newLines, oldLines, matched, (line) => line) };
    return { text: replaceRanges(view, [range]), outcome: { tolerance: 'look-alikes', replacements: 1 } };
  }

  throw new EditMatchError(
    index,
    `old_text was not found in ${display}, not even ignoring trailing whitespace, indentation, tabs versus spaces or look-alike characters; nothing was changed.\n${closestLines(fileLines, wholeOld)}`,
  );
}

/**
 * Applies the edits one after another, each to the text the previous ones left; all or nothing (the
 * first edit that cannot be placed throws EditMatchError, and the caller writes nothing).
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[], display: string): { text: string; outcomes: EditOutcome[] } {
  const outcomes: EditOutcome[] = [];
  let current = text;
  edits.forEach((edit, index) => {
    if (edit.oldText === '') throw new EditMatchError(index, 'old_text is empty; give the exact text to replace (to add text, include a neighbouring line in old_text and in new_text).');
    const placed = placeOne(current, edit, index, display);
    current = placed.text;
    outcomes.push(placed.outcome);
  });
  return { text: current, outcomes };
}

export function describeReplacements(outcomes: readonly EditOutcome[]): string {
  const total = outcomes.reduce((sum, o) => sum + o.replacements, 0);
  return outcomes.length === 1 && total === 1 ? '' : `${plural(outcomes.length, 'edit')}, ${plural(total, 'replacement')}`;
}
