// Files a command is given as arguments. Any extension can run any command with any arguments, so a
// menu's file and another extension's look alike: each goes through the path gate
// (core/tools/givenPathGate.ts), which follows symlinks to the real path. What it refuses is named to
// the user with the reason and left out; what it asks about is asked in one modal question that shows
// the real paths; a document of another kind (untitled, another extension's scheme) is taken only when
// it is open in an editor tab.
import * as vscode from 'vscode';
import { GivenPathGate, type GivenPathAnswer, type GivenPathUse } from '../core/tools/givenPathGate';
import { SecretFileRules } from '../core/tools/secretFiles';
import { revealHiddenText } from '../shared/revealHiddenText';
import { readAgentSettings } from './settings/settingsReader';
import { NodeWorkspaceFiles } from './workspaceTools/nodeWorkspaceFiles';

/** Whether the files the gate asks about may be used. */
export type AskAboutFiles = (action: string, asked: readonly AskedPath[]) => Promise<boolean>;

type AskedPath = Extract<GivenPathAnswer, { verdict: 'ask' }>;

function tabKey(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? `file:${uri.fsPath}` : uri.toString();
}

/** Documents in editor tabs. Tabs, not textDocuments: an extension can open a document without showing it. */
function shownInTabs(): Set<string> {
  const inputs = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.input));
  return new Set(inputs.filter((input): input is vscode.TabInputText => input instanceof vscode.TabInputText).map((input) => tabKey(input.uri)));
}

/** The files, of those given, that may be used; [] when the user said no. */
export async function admitGivenFiles(uris: readonly vscode.Uri[], action: string, use: GivenPathUse, ask: AskAboutFiles): Promise<vscode.Uri[]> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, path: f.uri.fsPath }));
  const gate = new GivenPathGate(new NodeWorkspaceFiles(() => roots, () => []), new SecretFileRules(readAgentSettings().protectedFiles));
  const tabs = shownInTabs();
  const admitted: vscode.Uri[] = [];
  const asked: { uri: vscode.Uri; answer: AskedPath }[] = [];
  const refused: string[] = [];
  for (const uri of uris) {
    if (uri.scheme !== 'file') {
      if (tabs.has(tabKey(uri))) admitted.push(uri);
      else refused.push(vscode.l10n.t('{0} is not sent to svc: {1}.', uri.toString(), vscode.l10n.t('a command may name only a file of this computer or a document open in an editor')));
      continue;
    }
    const answer = await gate.check({ path: uri.fsPath, shownInEditor: tabs.has(tabKey(uri)) }, use);
    if (answer.verdict === 'go') admitted.push(uri);
    else if (answer.verdict === 'ask') asked.push({ uri, answer });
    else refused.push(vscode.l10n.t('{0} is not sent to svc: {1}.', answer.shown, answer.why.shownReason));
  }
  if (refused.length > 0) void vscode.window.showWarningMessage(`svc: ${refused.join(' ')}`);
  if (asked.length === 0) return admitted;
  if (!(await ask(action, asked.map((a) => a.answer)))) return [];
  return [...admitted, ...asked.map((a) => a.uri)];
}

/** One modal question for every file asked about, each with its real path and the reason. */
export async function askUserAboutFiles(action: string, asked: readonly AskedPath[]): Promise<boolean> {
  const lines = asked.map((answer) => {
    const where = answer.real !== answer.shown ? `${answer.shown} → ${answer.real}` : answer.shown;
    return `${revealHiddenText(where).text}\n    ${answer.why.shownReason}`;
  });
  const button = vscode.l10n.t('Send');
  const choice = await vscode.window.showWarningMessage(
    asked.length === 1 ? vscode.l10n.t('{0}: send this file to the svc service?', action) : vscode.l10n.t('{0}: send these {1} files to the svc service?', action, asked.length),
    { modal: true, detail: `${vscode.l10n.t('A command asked for it; you did not pick it here.')}\n\n${lines.join('\n')}` },
    button,
  );
  return choice === button;
}
