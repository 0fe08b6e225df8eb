// Terminal text made into context for the chat: a command and its output, or a selection, as a fenced
// block for the message box. Raw terminal output carries colour and cursor escapes and `\r`-redrawn
// progress lines; those are turned into the text a person saw. Output is capped, keeping its end, since
// a failing command's error is at the bottom: at most OUTPUT_LINE_CAP lines and OUTPUT_CHAR_CAP characters.
import { stripVTControlCharacters } from 'node:util';
import { codeBlock } from '../codeFence';

export const OUTPUT_LINE_CAP = 200;
export const OUTPUT_CHAR_CAP = 8_000;

/** What the terminal showed: escapes removed, each `\r`-redrawn line as it was left, no trailing blank lines. */
export function visibleTerminalText(raw: string): string {
  return stripVTControlCharacters(raw)
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => (line.includes('\r') ? (line.split('\r').findLast((part) => part !== '') ?? '') : line))
    .join('\n')
    .replace(/\s+$/, '');
}

export interface CappedOutput {
  text: string;
  /** Lines left out at the start. */
  linesLeftOut: number;
}

/** The last OUTPUT_LINE_CAP lines of `text`, and of them at most the last OUTPUT_CHAR_CAP characters (from a line start). */
export function capOutput(text: string): CappedOutput {
  const lines = text === '' ? [] : text.split('\n');
  let kept = lines.slice(-OUTPUT_LINE_CAP);
  let length = kept.reduce((sum, line) => sum + line.length + 1, 0);
  while (kept.length > 1 && length > OUTPUT_CHAR_CAP) {
    length -= (kept[0] as string).length + 1;
    kept = kept.slice(1);
  }
  if (kept.length === 1 && (kept[0] as string).length > OUTPUT_CHAR_CAP) kept = [`…${(kept[0] as string).slice(-OUTPUT_CHAR_CAP)}`];
  return { text: kept.join('\n'), linesLeftOut: lines.length - kept.length };
}

export interface TerminalCommandRecord {
  commandLine: string;
  /** Raw output as the shell integration streamed it. */
  output: string;
  exitCode: number | undefined;
  cwd: string | undefined;
}

/** The command and its output as the message box gets it. */
export function commandContext(record: TerminalCommandRecord): string {
  const output = capOutput(visibleTerminalText(record.output));
  const status = record.exitCode === undefined ? 'exit code unknown' : `exit code ${record.exitCode}`;
  const where = record.cwd ? ` in ${record.cwd}` : '';
  const omitted = output.linesLeftOut > 0 ? `\n(the first ${output.linesLeftOut} lines of output are left out)` : '';
  const body = `$ ${record.commandLine.trim()}${output.text === '' ? '' : `\n${output.text}`}`;
  // Said rather than left blank: VS Code's shell integration can miss the output of a command that ends at once.
  const captured = output.text === '' ? ', no output captured' : '';
  return `Terminal command${where} (${status}${captured}):${omitted}\n${codeBlock(body, 'console')}\n`;
}

/** A terminal selection as the message box gets it, capped like output. */
export function selectionContext(selection: string): string {
  const capped = capOutput(visibleTerminalText(selection));
  const omitted = capped.linesLeftOut > 0 ? ` (the first ${capped.linesLeftOut} lines are left out)` : '';
  return `From the terminal${omitted}:\n${codeBlock(capped.text, 'console')}\n`;
}
