// The project rules of this window: the user's `svc.rules` setting and `~/.svc/AGENTS.md`, and each
// workspace folder's AGENTS.md (only in a trusted workspace), plus the subfolders' AGENTS.md files for
// the work that touches them; with them the customizations' instruction files and the skills' list
// (src/core/customizations/standingCustomizations.ts). Read again for every request, so an edit applies at once; the view is
// told which standing rules apply when they change.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SystemMessage } from '../../api/index';
import { discoverRules, type RuleSource, type RulesReader } from '../../core/rules/projectRules';
import { rulesKey, type DisabledCustomizations } from '../../core/customizations/disabledCustomizations';
import { instructionRules, problemChips, standingMessage, type RuleChip } from '../../core/customizations/standingCustomizations';
import type { WorkspaceCustomizations } from '../customizations/workspaceCustomizations';
import type { NestedRulesSource } from '../../core/rules/nestedRules';
import { nestedRulesReader } from './nestedRulesReader';
import { onDidChangeSettings, userSetting } from '../settings/settingsReader';
import { NodeWorkspaceFiles } from '../workspaceTools/nodeWorkspaceFiles';

/** A larger file is not read at all: it cannot be a rules file. */
const MAX_RULES_FILE_BYTES = 1024 * 1024;

export const USER_RULES_FILE = path.join(os.homedir(), '.svc', 'AGENTS.md');

const reader: RulesReader = {
  setting: () => userSetting<string>('rules', ''),
  candidates: () => [
    { label: '~/.svc/AGENTS.md', path: USER_RULES_FILE, scope: 'user' },
    ...(vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .map((folder, i, all) => ({ label: all.length > 1 ? `${folder.name}/AGENTS.md` : 'AGENTS.md', path: path.join(folder.uri.fsPath, 'AGENTS.md'), scope: 'workspace' as const })),
  ],
  read: async (file) => {
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.size > MAX_RULES_FILE_BYTES) return undefined;
    return fsp.readFile(file, 'utf8');
  },
  trusted: () => vscode.workspace.isTrusted,
};

function workspaceFolders(): { name: string; path: string }[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
}

const gitignoreRules = new NodeWorkspaceFiles(workspaceFolders, () => []);

export class WorkspaceRules implements vscode.Disposable {
  /** Subfolders' rules, for the messages and tools that touch those folders. */
  readonly nested: NestedRulesSource = nestedRulesReader({
    folders: workspaceFolders,
    trusted: () => vscode.workspace.isTrusted,
    read: (file) => reader.read(file),
    ignoredByGit: (file) => gitignoreRules.ignoredByGit(file),
  });
  private readonly changed = new vscode.EventEmitter<RuleChip[]>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private last: RuleChip[] = [];

  constructor(
    private readonly customizations: WorkspaceCustomizations,
    private readonly disabled: DisabledCustomizations,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/AGENTS.md');
    const refresh = () => void this.current();
    this.subscriptions = [
      watcher,
      watcher.onDidChange(refresh),
      watcher.onDidCreate(refresh),
      watcher.onDidDelete(refresh),
      onDidChangeSettings((changed) => changed('rules') && refresh()),
      vscode.workspace.onDidGrantWorkspaceTrust(refresh),
      customizations.onDidChange(refresh),
      this.changed,
    ];
  }

  /** The rules that apply now, and the customization files the user must look at; listeners hear when the set changed. */
  async current(): Promise<RuleChip[]> {
    return (await this.standing()).chips;
  }

  /** The system message of the rules, the instruction files and the skills for the next request. */
  async message(): Promise<SystemMessage | undefined> {
    const { chips, items } = await this.standing();
    return standingMessage(chips, items);
  }

  /**
   * Every rules source there is, for the list of customizations: the setting when set, and each rules
   * file that exists, with its text when it is read (a workspace's is not in Restricted Mode).
   */
  async sources(): Promise<{ source: Omit<RuleSource, 'text'>; read: boolean }[]> {
    const setting = reader.setting().trim() === '' ? [] : [{ source: { label: 'svc.rules', scope: 'user' as const }, read: true }];
    const files = await Promise.all(
      reader.candidates().map(async (candidate) => {
        const exists = await fsp.stat(candidate.path).then((stat) => stat.isFile(), () => false);
        return exists ? [{ source: candidate, read: candidate.scope === 'user' || reader.trusted() }] : [];
      }),
    );
    return [...setting, ...files.flat()];
  }

  private async standing() {
    const [found, items, disabled] = await Promise.all([discoverRules(reader), this.customizations.items(), this.disabled.keys()]);
    const rules = found.filter((rule) => !disabled.has(rulesKey(rule)));
    const chips: RuleChip[] = [...rules, ...instructionRules(items), ...problemChips(items)];
    const key = (list: RuleChip[]) => JSON.stringify(list.map((r) => [r.label, r.path, r.text.length, r.warning]));
    if (key(chips) !== key(this.last)) {
      this.last = chips;
      this.changed.fire(chips);
    }
    return { chips, items };
  }

  /** Only the files listed as rules open from the view. */
  isRulesFile(file: string): boolean {
    return this.last.some((rule) => rule.path === file);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
