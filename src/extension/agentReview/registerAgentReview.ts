// The commands of the review of the agent's edits, its buttons and hover, and what feeds it: each task's
// change journal (through the agent controller) and the checkpoint restores (through the chat host).
import * as vscode from 'vscode';
import { AgentEditReview, ReviewConflictError, ReviewHunkGoneError } from '../../core/review/agentEditReview';
import type { WorkspaceHost } from '../../core/tools/workspaceHost';
import { AgentReviewController } from './agentReviewController';
import { AgentReviewLenses } from './agentReviewLenses';
import { ReviewedDocuments, ReviewedFileChangedError } from './reviewedDocuments';

export function registerAgentReview(context: vscode.ExtensionContext, workspace: Pick<WorkspaceHost, 'files' | 'encodingDetector'>, log: vscode.LogOutputChannel): AgentReviewController {
  const controller = new AgentReviewController(new AgentEditReview(new ReviewedDocuments(workspace)));
  const lenses = new AgentReviewLenses(controller);
  const run = (body: () => Promise<void>) =>
    body().catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      const expected = error instanceof ReviewConflictError || error instanceof ReviewHunkGoneError || error instanceof ReviewedFileChangedError;
      if (!expected) log.error(`Agent review: ${text}`);
      void (expected ? vscode.window.showWarningMessage(`svc: ${text}`) : vscode.window.showErrorMessage(`svc: ${text}`));
    });
  /** The file a command names (a button passes it), else the active editor's. */
  const fileOf = (given: unknown): string | undefined => {
    const path = typeof given === 'string' ? given : vscode.window.activeTextEditor?.document.uri.fsPath;
    return path !== undefined && controller.review.display(path) !== undefined ? path : undefined;
  };
  /** The hunk a button names, else the one at the cursor. */
  const hunkOf = (path: unknown, id: unknown): { path: string; id: string } | undefined => {
    if (typeof path === 'string' && typeof id === 'string') return { path, id };
    const at = controller.hunkAtCursor();
    return at && { path: at.path, id: at.hunk.id };
  };
  const nothing = () => void vscode.window.showInformationMessage(vscode.l10n.t('svc: no agent change to review here.'));
  context.subscriptions.push(
    controller,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, lenses),
    vscode.languages.registerHoverProvider({ scheme: 'file' }, lenses),
    vscode.commands.registerCommand('svc.agentReview.open', () =>
      run(async () => {
        if (!(await controller.openNext())) nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.nextFile', (path?: unknown) =>
      run(async () => {
        if (!(await controller.openNext(typeof path === 'string' ? path : vscode.window.activeTextEditor?.document.uri.fsPath))) nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.keepHunk', (path?: unknown, id?: unknown) =>
      run(async () => {
        const hunk = hunkOf(path, id);
        if (hunk) await controller.keep(hunk.path, hunk.id);
        else nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.undoHunk', (path?: unknown, id?: unknown) =>
      run(async () => {
        const hunk = hunkOf(path, id);
        if (hunk) await controller.undo(hunk.path, hunk.id);
        else nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.keepFile', (given?: unknown) =>
      run(async () => {
        const path = fileOf(given);
        if (path) await controller.keepFile(path);
        else nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.undoFile', (given?: unknown) =>
      run(async () => {
        const path = fileOf(given);
        if (path) await controller.undoFile(path);
        else nothing();
      }),
    ),
    vscode.commands.registerCommand('svc.agentReview.keepAll', () => run(() => controller.keepAll())),
    vscode.commands.registerCommand('svc.agentReview.undoAll', () =>
      run(async () => {
        const refused = await controller.undoAll();
        if (refused.length > 0) void vscode.window.showWarningMessage(`svc: ${refused.join(' ')}`);
      }),
    ),
  );
  return controller;
}
