// What a command prints, made safe for the terminal the user watches it in. Escape sequences in the
// output could otherwise rewrite that terminal: clear it (`ESC[2J`), move the cursor up and overwrite a
// line already shown (`ESC[1A ESC[2K`, a bare carriage return, backspaces), retitle it (OSC 0), write
// the clipboard (OSC 52), hide a link's target (OSC 8) or conceal text (SGR 8). Only colours and text
// attributes (SGR, `ESC[…m`) pass, without conceal; line feeds and tabs pass; a bare carriage return
// becomes a new line, so nothing is drawn over. Every other control sequence and control character is
// dropped. Sequences may be split across chunks, so the filter keeps its state between them. No vscode import.

const ESC = '\x1b';
const BEL = '\x07';
/** A control string (OSC, DCS, …) longer than this is abandoned and what follows is shown: it cannot hide the rest of the output. */
const MAX_STRING = 4096;
/** Where plain text stops: anything but a printable character or a tab needs a look of its own. */
const SPECIAL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;
/** A CSI sequence longer than this is no real one: it is dropped and the filter starts over. */
const MAX_CSI = 64;

type State =
  | { kind: 'text' }
  | { kind: 'escape' }
  /** After `ESC (` and the like: one more character (a character set) belongs to the sequence. */
  | { kind: 'charset' }
  | { kind: 'csi'; body: string }
  /** OSC, DCS, SOS, PM, APC: everything up to BEL or the string terminator is dropped. */
  | { kind: 'string'; length: number; escaped: boolean };

/** SGR parameters without conceal (8), which would hide text; colour arguments (38;5;n, 38;2;r;g;b) are kept whole. */
function withoutConceal(params: string): string {
  const parts = params.split(';');
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if ((part === '38' || part === '48' || part === '58') && (parts[i + 1] === '5' || parts[i + 1] === '2')) {
      const take = parts[i + 1] === '5' ? 3 : 5;
      kept.push(...parts.slice(i, i + take));
      i += take - 1;
    } else if (part !== '8') kept.push(part);
  }
  return kept.join(';');
}

export class TerminalTextFilter {
  private state: State = { kind: 'text' };
  /** The last character was a carriage return: a line feed right after it is the same line break. */
  private afterReturn = false;

  /** The safe part of `text` for the terminal, with line breaks as `\r\n`. */
  write(text: string): string {
    let out = '';
    let at = 0;
    while (at < text.length) {
      if (this.state.kind === 'text') {
        // Runs of plain text are copied whole: a command may print megabytes.
        SPECIAL.lastIndex = at;
        const end = SPECIAL.exec(text)?.index ?? text.length;
        if (end > at) {
          out += text.slice(at, end);
          this.afterReturn = false;
          at = end;
          continue;
        }
      }
      out += this.next(text[at] as string);
      at++;
    }
    return out;
  }

  private next(char: string): string {
    const state = this.state;
    switch (state.kind) {
      case 'text':
        return this.text(char);
      case 'escape':
        this.state = { kind: 'text' };
        if (char === '[') this.state = { kind: 'csi', body: '' };
        else if (char === ']' || char === 'P' || char === 'X' || char === '^' || char === '_') this.state = { kind: 'string', length: 0, escaped: false };
        else if ('()*+-./#%'.includes(char)) this.state = { kind: 'charset' };
        return '';
      case 'charset':
        this.state = { kind: 'text' };
        return '';
      case 'csi':
        return this.csi(state, char);
      case 'string':
        return this.controlString(state, char);
    }
  }

  private text(char: string): string {
    const wasReturn = this.afterReturn;
    this.afterReturn = false;
    if (char === '\n') return wasReturn ? '' : '\r\n';
    if (char === '\r') {
      this.afterReturn = true;
      return '\r\n';
    }
    if (char === '\t') return char;
    if (char === ESC) {
      this.state = { kind: 'escape' };
      return '';
    }
    // C1 controls: U+009B is a CSI, U+009D an OSC to a terminal that reads them, and the rest are controls too.
    if (char === '\u009b') {
      this.state = { kind: 'csi', body: '' };
      return '';
    }
    if (char === '\u009d' || char === '\u0090' || char === '\u0098' || char === '\u009e' || char === '\u009f') {
      this.state = { kind: 'string', length: 0, escaped: false };
      return '';
    }
    const code = char.codePointAt(0) as number;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) return '';
    return char;
  }

  private csi(state: { kind: 'csi'; body: string }, char: string): string {
    const code = char.codePointAt(0) as number;
    // A final byte ends the sequence; parameter and intermediate bytes continue it.
    if (code >= 0x40 && code <= 0x7e) {
      this.state = { kind: 'text' };
      if (char !== 'm' || !/^[\d;]*$/.test(state.body)) return '';
      const params = withoutConceal(state.body);
      return params === '' && state.body !== '' ? '' : `${ESC}[${params}m`;
    }
    if (code >= 0x20 && code <= 0x3f && state.body.length < MAX_CSI) {
      state.body += char;
      return '';
    }
    // Not a sequence a terminal would finish: dropped, and the character read as text.
    this.state = { kind: 'text' };
    return this.text(char);
  }

  private controlString(state: { kind: 'string'; length: number; escaped: boolean }, char: string): string {
    if (char === BEL || char === '\u009c' || (state.escaped && char === '\\')) {
      this.state = { kind: 'text' };
      return '';
    }
    if (char === '\x18' || char === '\x1a') {
      this.state = { kind: 'text' };
      return '';
    }
    state.escaped = char === ESC;
    state.length++;
    // A line break, or a string past its cap, ends it: what comes after is output to show, never to hide.
    if (char === '\n' || char === '\r' || state.length > MAX_STRING) {
      this.state = { kind: 'text' };
      return char === '\n' || char === '\r' ? this.text(char) : '';
    }
    return '';
  }
}
