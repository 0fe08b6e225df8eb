// This window's customizations (skills, prompt files, instruction files, custom agents) from the workspace's
// folders and the user's home, found on first use and kept: watchers on the locations themselves (never the
// whole home folder) re-read only the file that changed, and trust or the workspace's folders changing finds
// them again. A file with a problem is said in the log, once per
// change, naming the file and the field.
import os from 'node:os';
import nodePath from 'node:path';
import * as vscode from 'vscode';
import type { Customization } from '../../core/customizations/customization';
import { CustomizationCatalog } from '../../core/customizations/customizationCatalog';
import { watchedPlaces } from '../../core/customizations/customizationLocations';
import type { DisabledCustomizations } from '../../core/customizations/disabledCustomizations';
import { customizationProblem } from '../../core/customizations/standingCustomizations';
import { inEnglish } from '../../core/l10n';
import { nodeCustomizationFiles } from './nodeCustomizationFiles';

function workspaceFolders(): { name: string; path: string }[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

export class WorkspaceCustomizations implements vscode.Disposable {
  readonly catalog: CustomizationCatalog;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private watchers: vscode.Disposable[] = [];
  private logged = new Map<string, string>();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    disabled: DisabledCustomizations,
  ) {
    this.catalog = new CustomizationCatalog({ workspaceFolders, home: () => os.homedir(), trusted: () => vscode.workspace.isTrusted, disabled: () => disabled.keys() }, nodeCustomizationFiles);
    const reset = () => {
      this.catalog.forget();
      this.watch();
      this.changed.fire();
    };
    this.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(reset), vscode.workspace.onDidChangeWorkspaceFolders(reset), disabled.onDidChange(() => this.changed.fire()), this.changed);
    this.watch();
  }

  /** Every customization found (discovered on the first call), its problems said in the log. */
  async items(): Promise<Customization[]> {
    const items = await this.catalog.items();
    this.logProblems(items);
    return items;
  }

  private watch(): void {
    for (const watcher of this.watchers) watcher.dispose();
    const bases = [...workspaceFolders().map((f) => ({ path: f.path, base: 'workspace' as const })), { path: os.homedir(), base: 'home' as const }];
    const places = bases.flatMap(({ path, base }) => watchedPlaces(base).map((place) => new vscode.RelativePattern(vscode.Uri.file(nodePath.join(path, place.folder)), place.pattern)));
    this.watchers = places.flatMap((place) => {
      // A folder that does not exist yet is watched from when it is created (VS Code's watcher waits for it).
      const watcher = vscode.workspace.createFileSystemWatcher(place);
      const changed = (uri: vscode.Uri) => void this.fileChanged(uri.fsPath);
      return [watcher, watcher.onDidChange(changed), watcher.onDidCreate(changed), watcher.onDidDelete(changed)];
    });
  }

  private async fileChanged(file: string): Promise<void> {
    if (await this.catalog.fileChanged(file)) this.changed.fire();
  }

  private logProblems(items: readonly Customization[]): void {
    const now = new Map<string, string>();
    for (const item of items) {
      const problem = item.validity.state === 'invalid' ? inEnglish(() => customizationProblem(item)) : undefined;
      if (!problem) continue;
      now.set(item.file, problem);
      if (this.logged.get(item.file) !== problem) this.log.warn(`${item.label} is not used: ${problem}`);
    }
    this.logged = now;
  }

  dispose(): void {
    for (const watcher of this.watchers) watcher.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
