// A text as lines plus how they end, so an edit can be applied line by line and written back with the
// file's own line endings: each original line keeps its terminator, lines that are new get the file's
// dominant one, and whether the file ends with a newline is the file's choice, not the model's.

export type LineEnding = '\n' | '\r\n';

export interface TextLines {
  /** The lines without their terminators. */
  lines: string[];
  /** Each line's terminator as found: '\n', '\r\n', or '' for a last line without a final newline. */
  terminators: string[];
  /** The ending most lines use (the first one found on a tie); '\n' for a text without line breaks. */
  eol: LineEnding;
  finalNewline: boolean;
}

export function splitLines(text: string): TextLines {
  const lines: string[] = [];
  const terminators: string[] = [];
  let crlf = 0;
  let lf = 0;
  let start = 0;
  while (start < text.length) {
    const next = text.indexOf('\n', start);
    if (next < 0) {
      lines.push(text.slice(start));
      terminators.push('');
      break;
    }
    const withCr = next > start && text[next - 1] === '\r';
    lines.push(text.slice(start, withCr ? next - 1 : next));
    terminators.push(withCr ? '\r\n' : '\n');
    if (withCr) crlf++;
    else lf++;
    start = next + 1;
  }
  return { lines, terminators, eol: crlf > lf ? '\r\n' : '\n', finalNewline: text.length > 0 && terminators[terminators.length - 1] !== '' };
}

/** A line of a result: an original line keeps its terminator; a new line (terminator undefined) gets the file's. */
export interface OutputLine {
  text: string;
  terminator: string | undefined;
}

/** Joins lines back into text in the style of `original`: its line endings and its final newline (or lack of one). */
export function joinLines(output: readonly OutputLine[], original: Pick<TextLines, 'eol' | 'finalNewline'>): string {
  let text = '';
  for (let i = 0; i < output.length; i++) {
    const line = output[i]!;
    const last = i === output.length - 1;
    let terminator = line.terminator === undefined || line.terminator === '' ? original.eol : line.terminator;
    if (last && !original.finalNewline) terminator = '';
    text += line.text + terminator;
  }
  return text;
}

/** Lines of text from the model, whatever its line endings; a trailing newline does not make an empty last line. */
export function proposalLines(text: string): string[] {
  return splitLines(text).lines;
}
