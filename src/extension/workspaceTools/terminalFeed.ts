// What the terminal of one command is sent: its output through the filter that keeps escape sequences
// from rewriting the display (terminalTextFilter.ts), held back until VS Code opens the terminal. What
// arrives before then is kept up to a cap, so a command that floods its output before the terminal
// opens cannot fill the editor's memory; the rest is counted and said. No vscode import.
import { TerminalTextFilter } from './terminalTextFilter';

/** Output kept for a terminal that has not opened yet (1 MiB). */
export const MAX_BACKLOG_BYTES = 1024 * 1024;

export class TerminalFeed {
  private readonly filter = new TerminalTextFilter();
  private readonly backlog: string[] = [];
  private backlogBytes = 0;
  private notShownBytes = 0;
  private opened = false;

  constructor(
    private readonly send: (text: string) => void,
    /** The line that says how many bytes were not shown (in the display language). */
    private readonly notShownLine: (bytes: number) => string,
    private readonly maxBacklogBytes = MAX_BACKLOG_BYTES,
  ) {}

  write(text: string): void {
    const shown = this.filter.write(text);
    if (shown === '') return;
    if (this.opened) return this.send(shown);
    const bytes = Buffer.byteLength(shown, 'utf8');
    if (this.notShownBytes === 0 && this.backlogBytes + bytes <= this.maxBacklogBytes) {
      this.backlog.push(shown);
      this.backlogBytes += bytes;
    } else this.notShownBytes += bytes;
  }

  /** The terminal opened: what was held back is sent, then the count of what was not kept. */
  open(): void {
    this.opened = true;
    for (const text of this.backlog.splice(0)) this.send(text);
    this.backlogBytes = 0;
    if (this.notShownBytes > 0) this.send(`\r\n${this.notShownLine(this.notShownBytes)}\r\n`);
    this.notShownBytes = 0;
  }
}
