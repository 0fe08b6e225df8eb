// What code run without VS Code (a unit test, a bench playing the extension host) may use of `vscode`:
// Disposable and l10n, and what a caller adds for its own test (a command registry). Anything else of
// `vscode` is absent, so code that needs more fails loudly instead of measuring or testing a fake.
import Module from 'node:module';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

export class Disposable {
  constructor(private readonly onDispose: () => void) {}
  dispose(): void {
    this.onDispose();
  }
}

const vscodeStandIn = {
  Disposable,
  l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
};

/** Answers `require('vscode')` with the stand-in and `more` from now on; returns what puts the loader back. */
export function installVscodeStandIn(more: Record<string, unknown> = {}): () => void {
  const original = loader._load;
  const standIn = { ...vscodeStandIn, ...more };
  loader._load = function load(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    return request === 'vscode' ? standIn : original.call(this, request, parent, isMain);
  };
  return () => {
    loader._load = original;
  };
}

type Command = (...args: unknown[]) => unknown;

/** `vscode.commands` as a test needs it: a second registration of a command is refused, an unknown one throws, as VS Code does. */
export class CommandRegistryStandIn {
  readonly registered = new Map<string, Command>();

  readonly registerCommand = (command: string, body: Command): Disposable => {
    if (this.registered.has(command)) throw new Error(`command '${command}' already exists`);
    this.registered.set(command, body);
    return new Disposable(() => this.registered.delete(command));
  };

  readonly executeCommand = async (command: string, ...args: unknown[]): Promise<unknown> => {
    const body = this.registered.get(command);
    if (!body) throw new Error(`command '${command}' not found`);
    return body(...args);
  };
}
