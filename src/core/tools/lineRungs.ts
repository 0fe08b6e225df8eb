// The rungs of the edit ladder that compare whole lines (textEdits.ts climbs them): each says whether
// old_text's lines match the file's at one place, and how to turn new_text's lines into the file's form
// there. A tolerance is a group of rungs, optionally over lines read through a normaliser first.

/** A place whole lines of old_text matched, and how to turn new_text's lines into the file's. */
export interface LineMatch {
  start: number;
  adjust: (line: string) => string;
  adjustment?: string;
}

/** A rung of the ladder that compares whole lines: the lines match, or not, at a given place. */
export type LineRung = (oldLines: readonly string[], fileLines: readonly string[], start: number) => LineMatch | undefined;

/** The tolerances that compare whole lines. */
export type LineToleranceName = 'trailing-whitespace' | 'indentation' | 'tabs-spaces' | 'inner-whitespace';

export interface LineTolerance {
  tolerance: LineToleranceName;
  /** Applied to old_text's and the file's lines before the rungs compare them; never to what is written. */
  normalise?: (line: string) => string;
  rungs: LineRung[];
}

export function leadingWhitespace(line: string): string {
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

/**
 * A line with every run of spaces and tabs after its indentation read as one space. The indentation is
 * left for the rungs to compare, so it keeps their rules (and new_text is re-indented as they say).
 */
function innerRunsAsOneSpace(line: string): string {
  const indent = leadingWhitespace(line);
  return indent + line.slice(indent.length).replace(/[ \t]+/g, ' ');
}

const INDENTATION_RUNGS: LineRung[] = [sameTrimmedEnd, shiftedIndentation, tabsAndSpaces(4), tabsAndSpaces(8), tabsAndSpaces(2)];

/** In the order they are tried; the first tolerance that finds any place decides. */
export const LINE_TOLERANCES: LineTolerance[] = [
  { tolerance: 'trailing-whitespace', rungs: [sameTrimmedEnd] },
  { tolerance: 'indentation', rungs: [shiftedIndentation] },
  { tolerance: 'tabs-spaces', rungs: [tabsAndSpaces(4), tabsAndSpaces(8), tabsAndSpaces(2)] },
  { tolerance: 'inner-whitespace', normalise: innerRunsAsOneSpace, rungs: INDENTATION_RUNGS },
];
