// Attacks on the terminal the user watches the agent's commands in: output that clears it, moves the
// cursor up to overwrite a line already shown, retitles it, writes the clipboard, hides a link's
// target or conceals text; and output that floods before VS Code opens the terminal. The command runs
// for real through the commands port; the pseudoterminal VS Code would draw is captured.
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeVscode, installFakeVscode } from './fakeVscodeModule';

installFakeVscode();

interface CapturedPty {
  onDidWrite: (listener: (text: string) => void) => unknown;
  open: () => void;
}

describe('security: command output cannot rewrite the agent’s terminal', function () {
  this.timeout(30_000);
  let ws: string;
  let pty: CapturedPty | undefined;
  const window = fakeVscode.window as typeof fakeVscode.window & { createTerminal?: unknown };

  beforeEach(async () => {
    ws = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-terminal-')));
    pty = undefined;
    window.createTerminal = (options: { pty: CapturedPty }) => {
      pty = options.pty;
      return { show: () => undefined };
    };
  });

  afterEach(async () => {
    delete window.createTerminal;
    await fs.rm(ws, { recursive: true, force: true });
  });

  /** Runs `command` to its end through the real commands port; the terminal opens only then, as a slow one would. */
  async function terminalOf(command: string): Promise<string> {
    const { VscodeTerminalCommands } = await import('../../src/extension/workspaceTools/vscodeTerminalCommands');
    const commands = new VscodeTerminalCommands({ info: () => undefined, warn: () => undefined });
    try {
      const started = await commands.startCommand({ command, cwd: ws, title: 'test', onOutput: () => undefined });
      await started.exited;
      assert.ok(pty, 'a terminal was created');
      let shown = '';
      pty.onDidWrite((text) => (shown += text));
      pty.open();
      // The exit line is written once the exit is known, which may follow the open.
      for (let i = 0; i < 500 && !/\[exit code \d+\]/.test(shown); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      return shown;
    } finally {
      commands.dispose();
    }
  }

  it('shows every line as printed: no clearing, cursor moves, titles, clipboard, hidden links or concealed text reach it', async () => {
    const attack = [
      'npm test: 3 failing',
      '\\033[1A\\033[2Kall 3 passing',
      '\\033[2J\\033[Hcleared',
      '\\033]0;svc: trusted\\007titled',
      '\\033]52;c;cm0gLXJmIH4K\\007clipboard',
      '\\033]8;;https://evil.example\\033\\\\docs\\033]8;;\\033\\\\',
      'real\\rFAKE',
      '\\033[8mconcealed\\033[0m',
      '\\033[32mgreen\\033[0m',
    ].join('\\n');
    const shown = await terminalOf(`printf '${attack}\\n'`);
    const escapes = shown.match(/\x1b[^a-zA-Z]*[a-zA-Z]?|[\x07\x08\u0080-\u009f]/g) ?? [];
    assert.deepEqual(escapes.filter((e) => !/^\x1b\[[\d;]*m$/.test(e)), [], 'only colours reach the terminal');
    assert.ok(!/\r(?!\n)/.test(shown), 'no carriage return draws over a line');
    assert.ok(!shown.includes('\x1b[8m'), 'nothing is concealed');
    for (const line of ['npm test: 3 failing', 'all 3 passing', 'cleared', 'titled', 'clipboard', 'docs', 'real', 'FAKE', 'concealed', '\x1b[32mgreen\x1b[0m']) assert.ok(shown.includes(line), line);
    assert.ok(shown.indexOf('npm test: 3 failing') < shown.indexOf('all 3 passing'), 'the first line is still there, above the second');
  });

  it('keeps at most 1 MiB of output that arrives before the terminal opens, and says how much it left out', async () => {
    const shown = await terminalOf('head -c 5000000 /dev/zero | tr "\\0" y; echo');
    assert.ok(Buffer.byteLength(shown) < 1024 * 1024 + 1024, `${Buffer.byteLength(shown)} bytes held`);
    const left = /… (\d+) bytes of output not shown here/.exec(shown);
    assert.ok(left, 'the terminal says output was left out');
    assert.ok(Number(left[1]) > 5_000_000 - 1024 * 1024 - 1024, left[1]);
  });
});
