// Commands whose code loads on their first run. Until then each is a stand-in; the first one run loads the
// code, which registers the real commands in place of the stand-ins (removed in the same synchronous run, so
// there is no moment without the command), then the command runs again with the same arguments.
import * as vscode from 'vscode';

/** Loads the commands' code; what it answers registers the real commands. */
export type LoadCommands = () => Promise<() => vscode.Disposable[]>;

export function registerCommandsOnFirstUse(commands: readonly string[], load: LoadCommands): vscode.Disposable {
  let stubs: vscode.Disposable[] = [];
  let real: vscode.Disposable[] = [];
  let loading: Promise<void> | undefined;
  let disposed = false;
  const release = () => {
    for (const stub of stubs.splice(0)) stub.dispose();
  };
  const loaded = (): Promise<void> => {
    loading ??= load().then(
      (register) => {
        if (disposed) return;
        release();
        real = register();
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  stubs = commands.map((command) =>
    vscode.commands.registerCommand(command, async (...args: unknown[]) => {
      await loaded();
      return vscode.commands.executeCommand(command, ...args);
    }),
  );
  return new vscode.Disposable(() => {
    disposed = true;
    release();
    for (const command of real.splice(0)) command.dispose();
  });
}
