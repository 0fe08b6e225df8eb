// Applies the model's edits (old_text → new_text) to a file's text. Models write "\n" whatever the file
// holds, and often drift from the file by whitespace or typography, so matching compares line endings
// normalised and, when the exact text is absent, climbs a short ladder of tolerances; each rung is used
// only when it finds exactly one place. Everything outside the replaced text keeps its bytes: line
// endings are written as the file has them, lines of new_text that repeat old_text keep the file's own
// version of that line. Nothing here guesses beyond the ladder: a near match is shown, never applied.
// old_text copied with its line numbers is matched without them, only at the lines they name; an empty
// old_text writes a file that is empty (or missing, for the caller).
import { closestLines } from './closestLines';
import { readLineNumbers, type NumberedEdit } from './lineNumberPrefixes';
import { LINE_TOLERANCES, type LineMatch, type LineToleranceName } from './lineRungs';
import { dominantLineEnding } from './textFileCodec';

export interface TextEdit {
  oldText: string;
  newText: string;
  replaceAll: boolean;
}

/** How old_text was found: as written, after ignoring one kind of difference, or as a whole empty file. */
export type MatchTolerance = 'exact' | LineToleranceName | 'look-alikes' | 'empty-file';

export interface EditOutcome {
  tolerance: MatchTolerance;
  replacements: number;
  /** What the tolerance changed in new_text, e.g. "re-indented by 4 spaces". */
  adjustment?: string;
  /** The lines old_text's line-number prefixes named, when they were removed before matching. */
  lineNumbers?: { first: number; last: number; fromNewText: boolean };
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

type SearchTolerance = Exclude<MatchTolerance, 'empty-file'>;

const TOLERANCE_TEXT: Record<Exclude<SearchTolerance, 'exact'>, string> = {
  'trailing-whitespace': 'ignoring trailing whitespace',
  indentation: 'ignoring a different indentation',
  'tabs-spaces': 'ignoring tabs versus spaces in the indentation',
  'inner-whitespace': 'ignoring runs of spaces and tabs inside lines',
  'look-alikes': 'ignoring look-alike characters (non-breaking spaces, typographic quotes and dashes)',
};

export function describeTolerance(outcome: EditOutcome): string {
  const parts: string[] = [];
  const numbers = outcome.lineNumbers;
  if (numbers) parts.push(`line-number prefixes (lines ${numbers.first}-${numbers.last}) removed from old_text${numbers.fromNewText ? ' and new_text' : ''}`);
  if (outcome.tolerance === 'empty-file') parts.push('old_text was empty and the file empty or missing, so new_text is its whole content');
  else if (outcome.tolerance !== 'exact') parts.push(`matched ${TOLERANCE_TEXT[outcome.tolerance]}${outcome.adjustment ? `; ${outcome.adjustment}` : ''}`);
  return parts.join('; ');
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
  /** The 1-based line the (first) replaced text starts on. */
  line: number;
}

/** Where old_text was found, or that a tolerance found it at several places, or nowhere. */
type Search = ({ kind: 'placed' } & Placed) | { kind: 'ambiguous'; tolerance: SearchTolerance; lines: number[] } | { kind: 'none'; fileLines: string[]; wholeOld: string[] };

/** Runs the ladder for old_text and new_text (line endings already LF) on the file's text. */
function search(view: LfView, oldText: string, newText: string, replaceAll: boolean): Search {
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');

  const exact = exactPlaces(view.text, oldText, { replaceAll });
  if (exact.length === 1 || (replaceAll && exact.length > 1)) {
    const ranges = exact.map((start) => ({ start, end: start + oldText.length, lines: newLines }));
    return { kind: 'placed', text: replaceRanges(view, ranges), outcome: { tolerance: 'exact', replacements: exact.length }, line: lineNumberAt(view.text, exact[0] as number) };
  }
  if (exact.length > 1) return { kind: 'ambiguous', tolerance: 'exact', lines: exact.map((p) => lineNumberAt(view.text, p)) };

  const fileLines = view.text.split('\n');
  // Whole lines are compared; a final line break in old_text only says the last line is whole.
  const wholeOld = oldText.endsWith('\n') ? oldLines.slice(0, -1) : oldLines;
  const wholeNew = oldText.endsWith('\n') && newText.endsWith('\n') ? newLines.slice(0, -1) : newLines;
  const removesWholeLines = oldText.endsWith('\n') && newText === '';
  for (const { tolerance, normalise, rungs } of LINE_TOLERANCES) {
    if (wholeOld.every((l) => l.trim() === '')) break;
    const oldCompared = normalise ? wholeOld.map(normalise) : wholeOld;
    const fileCompared = normalise ? fileLines.map(normalise) : fileLines;
    for (const rung of rungs) {
      const matches: LineMatch[] = [];
      for (let start = 0; start + wholeOld.length <= fileLines.length; start++) {
        const match = rung(oldCompared, fileCompared, start);
        if (match) matches.push(match);
      }
      if (matches.length > 1) return { kind: 'ambiguous', tolerance, lines: matches.map((m) => m.start + 1) };
      const match = matches[0];
      if (!match) continue;
      const matched = fileLines.slice(match.start, match.start + wholeOld.length);
      const startOffset = fileLines.slice(0, match.start).reduce((sum, line) => sum + line.length + 1, 0);
      const endOffset = startOffset + matched.reduce((sum, line) => sum + line.length + 1, 0) - 1;
      const range = removesWholeLines
        ? { start: startOffset, end: Math.min(endOffset + 1, view.text.length), lines: [''] }
        : { start: startOffset, end: endOffset, lines: keepingUnchangedLines(wholeNew, wholeOld, matched, match.adjust) };
      const outcome: EditOutcome = { tolerance, replacements: 1, ...(match.adjustment ? { adjustment: match.adjustment } : {}) };
      return { kind: 'placed', text: replaceRanges(view, [range]), outcome, line: match.start + 1 };
    }
  }

  const lookAlike = exactPlaces(plainCharacters(view.text), plainCharacters(oldText), { replaceAll: false });
  if (lookAlike.length > 1) return { kind: 'ambiguous', tolerance: 'look-alikes', lines: lookAlike.map((p) => lineNumberAt(view.text, p)) };
  if (lookAlike.length === 1) {
    const start = lookAlike[0] as number;
    const matched = view.text.slice(start, start + oldText.length).split('\n');
    const range = { start, end: start + oldText.length, lines: keepingUnchangedLines(newLines, oldLines, matched, (line) => line) };
    return { kind: 'placed', text: replaceRanges(view, [range]), outcome: { tolerance: 'look-alikes', replacements: 1 }, line: lineNumberAt(view.text, start) };
  }
  return { kind: 'none', fileLines, wholeOld };
}

/** "old_text occurs 2 times in a.ts (lines 3, 9)" or "… and ignoring X it matches 2 places (lines 3, 9)". */
function manyPlaces(found: { tolerance: SearchTolerance; lines: number[] }, display: string): string {
  const lines = linesList(found.lines);
  if (found.tolerance === 'exact') return `old_text occurs ${found.lines.length} times in ${display} (lines ${lines})`;
  return `old_text is not in ${display} as written, and ${TOLERANCE_TEXT[found.tolerance]} it matches ${found.lines.length} places (lines ${lines})`;
}

function notFound(display: string, found: { fileLines: string[]; wholeOld: string[] }, note: string): string {
  return `old_text was not found in ${display}, not even ignoring trailing whitespace, indentation, tabs versus spaces, runs of spaces inside lines or look-alike characters${note}; nothing was changed.\n${closestLines(found.fileLines, found.wholeOld)}`;
}

function placeOne(text: string, edit: TextEdit, index: number, display: string): Placed {
  const view = new LfView(text);
  const oldText = edit.oldText.replace(/\r\n/g, '\n');
  const newText = edit.newText.replace(/\r\n/g, '\n');
  const found = search(view, oldText, newText, edit.replaceAll);
  if (found.kind === 'placed') return found;
  if (found.kind === 'ambiguous') {
    const advice = found.tolerance === 'exact' ? 'include more surrounding lines to make it unique, or set replace_all to change every occurrence.' : 'nothing was changed. Copy old_text exactly from read_file, with more surrounding lines.';
    throw new EditMatchError(index, `${manyPlaces(found, display)}; ${advice}`);
  }
  const numbers = readLineNumbers(oldText, newText);
  if (numbers.kind === 'refused') throw new EditMatchError(index, `old_text is not in ${display} as written and its lines carry line numbers, but ${numbers.reason} Nothing was changed.`);
  if (numbers.kind === 'numbered') return placeNumbered(view, numbers.readings, index, display);
  throw new EditMatchError(index, notFound(display, found, numbers.note ? `. ${numbers.note.replace(/\.$/, '')}` : ''));
}

const LADDER: readonly SearchTolerance[] = ['exact', ...LINE_TOLERANCES.map((t) => t.tolerance), 'look-alikes'];

/** How far down the ladder a search had to go; nowhere ranks last. */
function rung(found: Search): number {
  if (found.kind === 'none') return LADDER.length;
  return LADDER.indexOf(found.kind === 'placed' ? (found.outcome.tolerance as SearchTolerance) : found.tolerance);
}

/**
 * old_text without its line numbers, placed only where the whole ladder finds exactly one place and
 * that place is the lines the numbers name. Of the readings (the separator's space cut or kept) the one
 * found highest on the ladder decides. The numbers confirm a place, never choose among several: a
 * listing read before an earlier edit names lines that have moved since.
 */
function placeNumbered(view: LfView, readings: readonly NumberedEdit[], index: number, display: string): Placed {
  const searched = readings.map((reading) => ({ reading, found: search(view, reading.oldText, reading.newText, false) }));
  const { reading, found } = searched.reduce((best, next) => (rung(next.found) < rung(best.found) ? next : best));
  const named = `lines ${reading.first}-${reading.last}`;
  if (found.kind === 'ambiguous') {
    throw new EditMatchError(
      index,
      `Without its line-number prefixes (${named}), ${manyPlaces(found, display)}; nothing was changed. Line numbers do not choose between places (they may be out of date): copy old_text without them, with more surrounding lines.`,
    );
  }
  if (found.kind === 'none') throw new EditMatchError(index, notFound(display, found, `, with or without its line-number prefixes (${named})`));
  if (found.line !== reading.first) {
    throw new EditMatchError(index, `old_text's line-number prefixes say ${named}, but without them it is at line ${found.line} of ${display}; nothing was changed. The numbers are out of date: read the file again and copy old_text without line numbers.`);
  }
  const { first, last, fromNewText } = reading;
  return { ...found, outcome: { ...found.outcome, lineNumbers: { first, last, fromNewText } } };
}

/** An empty old_text names no place in a file with text (it would match at every position), so it only fills an empty file. */
function wholeContent(current: string, edit: TextEdit, index: number, display: string): string {
  if (current === '') return edit.newText;
  const lines = current.split('\n').length;
  throw new EditMatchError(
    index,
    `old_text is empty, and ${display} is not (${plural(lines, 'line')}), so it would match at every position, lines 1-${lines}; nothing was changed. An empty old_text only writes a missing or empty file; here give the exact text to replace (to add text, include a neighbouring line in old_text and in new_text).`,
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
    if (edit.oldText === '') {
      current = wholeContent(current, edit, index, display);
      outcomes.push({ tolerance: 'empty-file', replacements: 1 });
      return;
    }
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
