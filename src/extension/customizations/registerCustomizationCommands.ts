// The commands around customizations: the list with its switches, and the three that write a new file.
// What they run is a file of its own (customizationCommands.ts), loaded on the first of them.
import * as vscode from 'vscode';
import type { NewCustomizationKind } from '../../core/customizations/customizationTemplates';
import type { CustomizationSources } from './showCustomizations';

function commands(): Promise<typeof import('./customizationCommands')> {
  return import('./customizationCommands');
}

export function registerCustomizationCommands(context: vscode.ExtensionContext, sources: CustomizationSources): void {
  const create = (kind: NewCustomizationKind) => async () => (await commands()).newCustomization(kind);
  context.subscriptions.push(
    vscode.commands.registerCommand('svc.showCustomizations', async () => (await commands()).showCustomizations(sources)),
    vscode.commands.registerCommand('svc.newSkill', create('skill')),
    vscode.commands.registerCommand('svc.newPromptFile', create('prompt')),
    vscode.commands.registerCommand('svc.newAgent', create('agent')),
  );
}
