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
