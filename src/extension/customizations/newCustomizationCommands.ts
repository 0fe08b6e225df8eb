// "svc: New Skill", "svc: New Prompt File" and "svc: New Agent": a name (checked as it is typed, the
// error saying what is allowed), a place (the workspace's Copilot or Claude Code folder, or the home
// folder), then a template written there and opened. An existing file is never overwritten: it is
// opened instead, with a message saying so.
import os from 'node:os';
import * as vscode from 'vscode';
import { nameProblem, placeLabel, TEMPLATE_PLACES, templateFile, templateText, type NewCustomizationKind } from '../../core/customizations/customizationTemplates';
import { CustomizationExistsError, writeNewCustomization } from './newCustomizationFile';

function title(kind: NewCustomizationKind): string {
  switch (kind) {
    case 'skill':
      return vscode.l10n.t('svc: New Skill');
    case 'prompt':
      return vscode.l10n.t('svc: New Prompt File');
    case 'agent':
      return vscode.l10n.t('svc: New Agent');
  }
}

function namePrompt(kind: NewCustomizationKind): string {
  switch (kind) {
    case 'skill':
      return vscode.l10n.t('The skill\'s name: lowercase letters, digits and "-" (it is also its / command)');
    case 'prompt':
      return vscode.l10n.t('The command\'s name, typed after "/": letters, digits, "-" and "_"');
    case 'agent':
      return vscode.l10n.t('The agent\'s name: lowercase letters, digits and "-"');
  }
}

async function workspaceRoot(): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (folders.length <= 1) return folders[0]?.uri.fsPath;
  return (await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which workspace folder?') }))?.uri.fsPath;
}

export async function newCustomization(kind: NewCustomizationKind): Promise<void> {
  const name = await vscode.window.showInputBox({ title: title(kind), prompt: namePrompt(kind), ignoreFocusOut: true, validateInput: (value) => nameProblem(kind, value.trim()) });
  if (name === undefined) return;
  const trimmed = name.trim();
  const hasFolder = (vscode.workspace.workspaceFolders ?? []).some((f) => f.uri.scheme === 'file');
  const places = TEMPLATE_PLACES[kind].filter((place) => place.base === 'home' || hasFolder);
  const place = await vscode.window.showQuickPick(
    places.map((p) => ({ label: placeLabel(p, trimmed), description: `${p.tool} · ${p.base === 'workspace' ? vscode.l10n.t('this workspace') : vscode.l10n.t('your home folder, every workspace')}`, place: p })),
    { title: title(kind), placeHolder: vscode.l10n.t('Where should {0} be written?', trimmed) },
  );
  if (!place) return;
  const root = place.place.base === 'home' ? os.homedir() : await workspaceRoot();
  if (root === undefined) return;
  const file = templateFile(root, place.place, trimmed);
  try {
    await writeNewCustomization(file, templateText(kind, trimmed));
  } catch (error) {
    if (!(error instanceof CustomizationExistsError)) throw error;
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} exists already; it was opened, not overwritten.', place.label));
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file));
}
