// A stand-in for the `vscode` module, so host code that needs only `Uri` can run in plain Node (the
// real module exists only inside the extension host). Installed before the code under test is loaded.
import Module from 'node:module';

export interface FakeUri {
  scheme: string;
  path: string;
  toString(): string;
}

function uri(scheme: string, path: string): FakeUri {
  return { scheme, path, toString: () => `${scheme}://${path}` };
}

export const fakeVscode = {
  Uri: {
    file: (path: string): FakeUri => uri('file', path),
    joinPath: (base: FakeUri, ...parts: string[]): FakeUri => uri(base.scheme, [base.path.replace(/\/+$/, ''), ...parts].join('/')),
  },
};

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleWithLoad = Module as unknown as { _load: Loader };
let installed = false;

export function installFakeVscode(): void {
  if (installed) return;
  installed = true;
  const original = moduleWithLoad._load;
  moduleWithLoad._load = function load(this: unknown, request, parent, isMain) {
    return request === 'vscode' ? fakeVscode : original.call(this, request, parent, isMain);
  };
}
