// A stand-in for the `vscode` module, so host code can run in plain Node (the real module exists only
// inside the extension host): URIs, settings with their user and workspace values, shown messages and
// dialogs with a scripted answer, events. Installed before the code under test is loaded.
import Module from 'node:module';

export interface FakeUri {
  scheme: string;
  path: string;
  fsPath: string;
  toString(): string;
}

/** A class, as host code checks arguments with `instanceof vscode.Uri`. */
class FakeUriClass implements FakeUri {
  constructor(
    readonly scheme: string,
    readonly path: string,
  ) {}
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.path}`;
  }
  static file(path: string): FakeUri {
    return new FakeUriClass('file', path);
  }
  static joinPath(base: FakeUri, ...parts: string[]): FakeUri {
    return new FakeUriClass(base.scheme, [base.path.replace(/\/+$/, ''), ...parts].join('/'));
  }
}

export interface InspectedSetting {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export interface ShownMessage {
  level: 'warning' | 'information' | 'error';
  message: string;
  options: { modal?: boolean; detail?: string } | undefined;
  items: string[];
}

/** What the fake editor holds and shows; tests set settings and answers, and read what was shown. */
export const fakeEditor = {
  /** Settings by full name (`svc.baseUrl`), as `inspect()` reports them. */
  settings: new Map<string, InspectedSetting>(),
  shown: [] as ShownMessage[],
  /** The button a shown message is answered with (undefined: dismissed). */
  answer: (_message: ShownMessage): string | undefined => undefined,
  reset(): void {
    this.settings.clear();
    this.shown.length = 0;
    this.answer = () => undefined;
  },
};

const disposable = { dispose: (): void => undefined };

function show(level: ShownMessage['level']) {
  return async (message: string, ...rest: unknown[]): Promise<string | undefined> => {
    const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest.shift() as ShownMessage['options']) : undefined;
    const shown: ShownMessage = { level, message, options, items: rest as string[] };
    fakeEditor.shown.push(shown);
    return fakeEditor.answer(shown);
  };
}

class FakeEventEmitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  readonly event = (listener: (value: T) => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

/** `vscode.l10n.t` without a bundle: the English text with its `{0}`… placeholders filled. */
function l10nText(message: string, ...args: unknown[]): string {
  return message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)]));
}

export const fakeVscode = {
  l10n: { t: l10nText },
  CodeActionKind: { QuickFix: { value: 'quickfix' }, RefactorRewrite: { value: 'refactor.rewrite' } },
  ThemeColor: class {
    constructor(readonly id: string) {}
  },
  Uri: FakeUriClass,
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  OverviewRulerLane: { Left: 1, Center: 2, Right: 4, Full: 7 },
  FileType: { File: 1, Directory: 2, SymbolicLink: 64 },
  /** Host code builds ranges; the tests that need one read its lines from the document they fake. */
  Range: class {
    constructor(...bounds: unknown[]) {
      void bounds;
    }
  },
  EventEmitter: FakeEventEmitter,
  Disposable: class {
    static from(...items: { dispose(): unknown }[]) {
      return { dispose: () => items.forEach((item) => item.dispose()) };
    }
    constructor(private readonly release: () => void) {}
    dispose(): void {
      this.release();
    }
  },
  version: '1.139.0',
  MarkdownString: class {
    isTrusted: boolean | undefined;
    constructor(readonly value: string) {}
  },
  LanguageModelError: class extends Error {
    constructor(
      message: string,
      readonly code: string,
    ) {
      super(message);
    }
    static NoPermissions(message: string): Error {
      return new fakeVscode.LanguageModelError(message, 'NoPermissions');
    }
  },
  LanguageModelChatToolMode: { Auto: 1, Required: 2 },
  TabInputText: class {
    constructor(readonly uri: { fsPath: string; scheme: string }) {}
  },
  LanguageModelTextPart: class {
    constructor(readonly value: string) {}
  },
  LanguageModelToolResult: class {
    constructor(readonly content: unknown[]) {}
  },
  LanguageModelPromptTsxPart: class {
    constructor(readonly value: unknown) {}
  },
  LanguageModelDataPart: class {
    constructor(
      readonly data: Uint8Array,
      readonly mimeType: string,
    ) {}
  },
  CancellationTokenSource: class {
    cancelled = false;
    readonly token = { isCancellationRequested: false, onCancellationRequested: () => disposable };
    cancel(): void {
      this.cancelled = true;
    }
    dispose(): void {}
  },
  lm: {
    registerLanguageModelChatProvider: () => disposable,
    registerTool: () => disposable,
    /** Tools "other extensions" registered; tests set them. */
    tools: [] as { name: string; description: string; inputSchema?: object }[],
    invoked: [] as { name: string; input: unknown }[],
    invokeTool: async (name: string, options: { input: unknown }) => {
      fakeVscode.lm.invoked.push({ name, input: options.input });
      return { content: [new fakeVscode.LanguageModelTextPart(`ran ${name}`)] };
    },
  },
  env: { machineId: 'fake-machine', language: 'en' },
  extensions: { getExtension: () => undefined },
  commands: { registerCommand: () => disposable, executeCommand: async () => undefined },
  languages: {
    registerCodeActionsProvider: () => disposable,
    registerInlineCompletionItemProvider: () => disposable,
    registerHoverProvider: () => disposable,
  },
  window: {
    showWarningMessage: show('warning'),
    showInformationMessage: show('information'),
    showErrorMessage: show('error'),
    registerWebviewViewProvider: () => disposable,
    tabGroups: { all: [] as { tabs: { input: unknown }[] }[] },
    onDidStartTerminalShellExecution: () => disposable,
    onDidEndTerminalShellExecution: () => disposable,
  },
  workspace: {
    isTrusted: true,
    workspaceFolders: undefined as { uri: { fsPath: string; scheme?: string }; name?: string }[] | undefined,
    workspaceFile: undefined,
    onDidChangeConfiguration: () => disposable,
    createFileSystemWatcher: () => ({ onDidChange: () => disposable, onDidCreate: () => disposable, dispose: () => undefined }),
    getConfiguration: (section: string) => {
      const full = (key: string): string => `${section}.${key}`;
      const effective = (s: InspectedSetting | undefined): unknown => s?.workspaceFolderValue ?? s?.workspaceValue ?? s?.globalValue ?? s?.defaultValue;
      return {
        inspect: (key: string) => fakeEditor.settings.get(full(key)) ?? {},
        get: (key: string, fallback?: unknown) => effective(fakeEditor.settings.get(full(key))) ?? fallback,
      };
    },
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
