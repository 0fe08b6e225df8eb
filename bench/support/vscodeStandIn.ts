// What the extension's session list (src/extension/sessions/sessionList.ts) uses of `vscode`, for a bench
// process playing the extension host without VS Code: Disposable and l10n. Imported before that module, it
// answers `require('vscode')` with this stand-in; anything else of `vscode` is absent, so code that needs
// more fails loudly instead of measuring a fake.
import Module from 'node:module';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };

class Disposable {
  constructor(private readonly onDispose: () => void) {}
  dispose(): void {
    this.onDispose();
  }
}

const standIn = {
  Disposable,
  l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
};

const original = loader._load;
loader._load = function load(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
  return request === 'vscode' ? standIn : original.call(this, request, parent, isMain);
};
