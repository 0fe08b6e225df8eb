// The commands around customizations: the list with its switches, and the three that write a new file.
import * as vscode from 'vscode';
import { newCustomization } from './newCustomizationCommands';
import { showCustomizations, type CustomizationSources } from './showCustomizations';

export function registerCustomizationCommands(context: vscode.ExtensionContext, sources: CustomizationSources): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('svc.showCustomizations', () => showCustomizations(sources)),
    vscode.commands.registerCommand('svc.newSkill', () => newCustomization('skill')),
    vscode.commands.registerCommand('svc.newPromptFile', () => newCustomization('prompt')),
    vscode.commands.registerCommand('svc.newAgent', () => newCustomization('agent')),
  );
}
