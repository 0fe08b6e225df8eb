// The project rules of this window: the user's `svc.rules` setting and `~/.svc/AGENTS.md`, and each
// workspace folder's AGENTS.md (only in a trusted workspace), plus the subfolders' AGENTS.md files for
// the work that touches them. Read again for every request, so an edit applies at once; the view is
// told which standing rules apply when they change.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { SystemMessage } from '../../api/index';
import { discoverRules, rulesMessage, type RuleSource, type RulesReader } from '../../core/rules/projectRules';
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
  private readonly changed = new vscode.EventEmitter<RuleSource[]>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private last: RuleSource[] = [];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/AGENTS.md');
    const refresh = () => void this.current();
    this.subscriptions = [
      watcher,
      watcher.onDidChange(refresh),
      watcher.onDidCreate(refresh),
      watcher.onDidDelete(refresh),
      onDidChangeSettings((changed) => changed('rules') && refresh()),
      vscode.workspace.onDidGrantWorkspaceTrust(refresh),
      this.changed,
    ];
  }

  /** The rules that apply now; listeners hear when the set changed. */
  async current(): Promise<RuleSource[]> {
    const rules = await discoverRules(reader);
    const key = (list: RuleSource[]) => JSON.stringify(list.map((r) => [r.label, r.path, r.text.length]));
    if (key(rules) !== key(this.last)) {
      this.last = rules;
      this.changed.fire(rules);
    }
    return rules;
  }

  /** The system message of the rules for the next request. */
  async message(): Promise<SystemMessage | undefined> {
    return rulesMessage(await this.current());
  }

  /** Only the files listed as rules open from the view. */
  isRulesFile(file: string): boolean {
    return this.last.some((rule) => rule.path === file);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
