// The inline edit's commands and its review buttons, and the quick fixes' commands.
import * as vscode from 'vscode';
import { EDIT_LINES, EXPLAIN_LINES } from '../../core/tools/givenPathGate';
import type { CommandArgumentTrust } from '../commandArguments';
import { InlineEditController, type InlineEditDeps } from './inlineEditController';
import { InlineEditLenses } from './inlineEditLenses';
import { lineRange } from './lineRange';

export interface InlineEditFeatureDeps extends InlineEditDeps {
  /** Shows the chat and sends `text` in it as the user's message. */
  explainInChat(text: string): Promise<void>;
  /** How far the quick fixes' commands trust the file they are given (commandArguments.ts). */
  commandArguments: CommandArgumentTrust;
}

function isLine(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function registerInlineEdit(context: vscode.ExtensionContext, deps: InlineEditFeatureDeps): InlineEditController {
  const controller = new InlineEditController(deps);
  const report = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    deps.log.error(`Inline edit: ${text}`);
    void vscode.window.showErrorMessage(`svc: ${text}`);
  };
  const run = (body: () => Promise<void>) => body().catch(report);
  const lenses = new InlineEditLenses(controller);
  context.subscriptions.push(
    controller,
    vscode.languages.registerCodeLensProvider({ scheme: '*' }, lenses),
    vscode.languages.registerHoverProvider({ scheme: '*' }, lenses),
    vscode.commands.registerCommand('svc.inlineEdit', () => run(() => controller.start())),
    vscode.commands.registerCommand('svc.inlineEdit.fix', (uri: unknown, startLine: unknown, endLine: unknown, instruction: unknown) =>
      run(async () => {
        if (!(uri instanceof vscode.Uri) || !isLine(startLine) || !isLine(endLine) || endLine < startLine || typeof instruction !== 'string') {
          throw new Error(vscode.l10n.t('svc.inlineEdit.fix takes a file URI, a first and a last line (0-based, first <= last) and an instruction.'));
        }
        const [admitted] = await deps.commandArguments.admitFiles([uri], vscode.l10n.t('Fix with svc'), EDIT_LINES);
        if (!admitted) return;
        await controller.start({ uri, startLine, endLine, instruction });
      }),
    ),
    vscode.commands.registerCommand('svc.explainProblem', (uri: unknown, startLine: unknown, endLine: unknown, message: unknown) =>
      run(async () => {
        if (!(uri instanceof vscode.Uri) || !isLine(startLine) || !isLine(endLine) || endLine < startLine || typeof message !== 'string') {
          throw new Error(vscode.l10n.t('svc.explainProblem takes a file URI, a first and a last line (0-based, first <= last) and the problem.'));
        }
        const [admitted] = await deps.commandArguments.admitFiles([uri], vscode.l10n.t('Explain this problem with svc'), EXPLAIN_LINES);
        if (!admitted) return;
        const document = await vscode.workspace.openTextDocument(uri);
        const code = document.getText(lineRange(document, startLine, Math.min(endLine, document.lineCount - 1)));
        const name = vscode.workspace.asRelativePath(uri, false);
        await deps.explainInChat(`Explain this problem in \`${name}\` (lines ${startLine + 1}-${endLine + 1}) and how to fix it: ${message}\n\n\`\`\`${document.languageId}\n${code.replace(/\n$/, '')}\n\`\`\``);
      }),
    ),
    vscode.commands.registerCommand('svc.inlineEdit.acceptHunk', (id?: unknown) => run(() => controller.decide('accepted', typeof id === 'string' ? id : undefined))),
    vscode.commands.registerCommand('svc.inlineEdit.rejectHunk', (id?: unknown) => run(() => controller.decide('rejected', typeof id === 'string' ? id : undefined))),
    vscode.commands.registerCommand('svc.inlineEdit.acceptAll', () => run(() => controller.decideAll('accepted'))),
    vscode.commands.registerCommand('svc.inlineEdit.rejectAll', () => run(() => controller.decideAll('rejected'))),
    vscode.commands.registerCommand('svc.inlineEdit.followUp', () => run(() => controller.followUp())),
    vscode.commands.registerCommand('svc.inlineEdit.cancel', () => run(() => controller.cancel())),
  );
  return controller;
}
