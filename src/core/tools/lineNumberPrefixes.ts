// Models copy old_text from numbered listings (the closest-lines hint of edit_file, numbered reads of
// other tools, `cat -n`) and keep the numbers. A text counts as numbered only when every line carries
// a number in one style (`12 | `, `12|`, `12│`, `12→`, `12:`, `L12:`, `12<tab>`, `12 `) and the numbers count
// up by one; the caller then also checks that they are the lines where the text matches, so a text
// that merely starts with digits is never cut.

/** The text without its line numbers, and which lines they said. */
export interface NumberedEdit {
  oldText: string;
  newText: string;
  first: number;
  last: number;
  /** new_text carried the numbers too (and lost them). */
  fromNewText: boolean;
}

export type LineNumberReading =
  /** Not numbered; `note` says why numbers that are there were kept. */
  | { kind: 'plain'; note?: string }
  /** One reading per way the spaces after the separator can be read, the likelier first. */
  | { kind: 'numbered'; readings: NumberedEdit[] }
  /** old_text is numbered but new_text only partly or out of order: cutting would guess. */
  | { kind: 'refused'; reason: string };

interface Prefixed {
  number: number;
  /** The separator after the number (with "L" when it came first); undefined for a number alone (a blank line). */
  style: string | undefined;
  /** The rest of the line, with the spaces that may belong to the separator. */
  content: string;
}

function readPrefix(line: string): Prefixed | undefined {
  const match = /^[ \t]*(L?)(\d{1,7})(.*)$/s.exec(line);
  if (!match) return undefined;
  const [, letter, digits, rest] = match as unknown as [string, string, string, string];
  const number = Number(digits);
  const bar = /^[ \t]*([|│])/.exec(rest);
  if (bar) return { number, style: `${letter}${bar[1] as string}`, content: rest.slice(bar[0].length) };
  const arrow = /^[ \t]*→/.exec(rest);
  if (arrow) return { number, style: `${letter}→`, content: rest.slice(arrow[0].length) };
  if (rest.startsWith(':')) return { number, style: `${letter}:`, content: rest.slice(1) };
  if (rest.trim() === '') return { number, style: undefined, content: '' };
  if (rest.startsWith('\t')) return { number, style: `${letter}\t`, content: rest.slice(1) };
  if (rest.startsWith(' ')) return { number, style: `${letter} `, content: rest.slice(1) };
  return undefined;
}

/** More ways to read a separator's spaces would only add readings that land lower on the ladder. */
const MAX_SEPARATOR_SPACES = 4;

/**
 * How many spaces after the number's separator may be the listing's rather than the line's own
 * indentation (`12 | x`, `12|  x`, `  9  x`): each count up to what every line has is a reading, the
 * listing's usual one first, and the file decides (textEdits.ts keeps the reading it finds best).
 */
function separatorSpaces(style: string, contents: readonly string[]): number[] {
  const indented = contents.filter((c) => c.trim() !== '');
  const fewest = Math.min(MAX_SEPARATOR_SPACES, ...indented.map((c) => /^ */.exec(c)?.[0].length ?? 0));
  const usual = /[|│:]$/.test(style) ? 1 : 0;
  const counts = [usual, ...Array.from({ length: fewest + 1 }, (_, k) => k).filter((k) => k !== usual)];
  return counts.filter((k) => k <= fewest);
}

function joined(contents: readonly string[], spaces: number, finalBreak: boolean): string {
  return contents.map((c) => c.slice(Math.min(spaces, /^ */.exec(c)?.[0].length ?? 0))).join('\n') + (finalBreak ? '\n' : '');
}

/** The lines of a text, without the empty one after a final line break. */
function linesOf(text: string): { lines: string[]; finalBreak: boolean } {
  const finalBreak = text.endsWith('\n');
  const lines = text.split('\n');
  return { lines: finalBreak ? lines.slice(0, -1) : lines, finalBreak };
}

type Numbered = { style: string; first: number; contents: string[] } | { problem: string } | undefined;

/**
 * The lines as numbered lines of one style counting up by one (an empty line takes the next number),
 * a problem when they are numbered but not so, or undefined when they are not numbered at all.
 */
function readNumbered(lines: readonly string[], wantedStyle?: string): Numbered {
  const read = lines.map((line) => (line === '' ? undefined : readPrefix(line)));
  if (read.some((r, i) => r === undefined && lines[i] !== '')) return undefined;
  const styles = new Set(read.map((r) => r?.style).filter((s): s is string => s !== undefined));
  const style = [...styles][0];
  if (styles.size !== 1 || style === undefined || (wantedStyle !== undefined && style !== wantedStyle)) return undefined;
  const firstIndex = read.findIndex((r) => r !== undefined);
  const first = (read[firstIndex] as Prefixed).number - firstIndex;
  const numbers = read.flatMap((r) => (r ? [r.number] : []));
  if (first < 1 || read.some((r, i) => r !== undefined && r.number !== first + i)) return { problem: `they do not count up by one (${numbers.slice(0, 6).join(', ')}${numbers.length > 6 ? ', …' : ''})` };
  return { style, first, contents: read.map((r) => r?.content ?? '') };
}

/**
 * old_text and new_text read for line-number prefixes: plain when old_text has none (or numbers that
 * do not count up); numbered when every line of old_text has one, new_text losing its own only when it
 * too has one on every line; refused when new_text has them on some lines only or out of order.
 */
export function readLineNumbers(oldText: string, newText: string): LineNumberReading {
  const old = linesOf(oldText);
  const oldNumbered = readNumbered(old.lines);
  if (oldNumbered === undefined) return { kind: 'plain' };
  if ('problem' in oldNumbered) return { kind: 'plain', note: `old_text's lines start with line numbers, but ${oldNumbered.problem}, so they were kept as text; copy old_text without line numbers.` };
  const fresh = linesOf(newText);
  const newNumbered = readNumbered(fresh.lines, oldNumbered.style);
  if (newNumbered === undefined) {
    const carrying = fresh.lines.filter((line) => readPrefix(line)?.style === oldNumbered.style).length;
    if (carrying > 0) return { kind: 'refused', reason: `new_text has line-number prefixes on ${carrying} of its ${fresh.lines.length} lines; give new_text with a number on every line or on none.` };
  } else if ('problem' in newNumbered) {
    return { kind: 'refused', reason: `new_text's lines start with line numbers, but ${newNumbered.problem}; give new_text without line numbers.` };
  }
  const place = { first: oldNumbered.first, last: oldNumbered.first + old.lines.length - 1, fromNewText: newNumbered !== undefined };
  const readings = separatorSpaces(oldNumbered.style, oldNumbered.contents).map((spaces) => ({
    ...place,
    oldText: joined(oldNumbered.contents, spaces, old.finalBreak),
    newText: newNumbered === undefined ? newText : joined(newNumbered.contents, spaces, fresh.finalBreak),
  }));
  return { kind: 'numbered', readings };
}
