// What the extension's session list (src/extension/sessions/sessionList.ts) uses of `vscode`, for code run
// without VS Code (its unit test, a bench playing the extension host): Disposable and l10n. Anything else of
// `vscode` is absent, so code that needs more fails loudly instead of measuring or testing a fake.
import Module from 'node:module';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

class Disposable {
  constructor(private readonly onDispose: () => void) {}
  dispose(): void {
    this.onDispose();
  }
}

const vscodeStandIn = {
  Disposable,
  l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
};

/** Answers `require('vscode')` with the stand-in from now on; returns what puts the loader back. */
export function installVscodeStandIn(): () => void {
  const original = loader._load;
  loader._load = function load(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    return request === 'vscode' ? vscodeStandIn : original.call(this, request, parent, isMain);
  };
  return () => {
    loader._load = original;
  };
}
