// "svc: Edit Inline" (Ctrl+I / Cmd+I): asks what to change, sends the selected lines (the cursor's line
// without a selection) with their file as context on the chat's request path (its model, thinking
// setting and the workspace's prompt cache key), streams the reply into the file as a review, and runs
// the review's commands: accept or reject a hunk, all of them, a follow-up, Escape to cancel. Saving
// does not concern the review: the file holds only what the review shows (inlineEditSession).
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import { buildChatRequest } from '../../core/chat/chatRequestBuilder';
import { inlineEditMessages, type InlineEditContext, type InlineEditRound } from '../../core/edits/inlineEditPrompt';
import { SecretFileRules } from '../../core/tools/secretFiles';
import type { RequestIdentity } from '../../core/requests/requestIdentity';
import { readAgentSettings } from '../settings/settingsReader';
import { InlineEditSession, type SessionDecorations } from './inlineEditSession';
import { lineRange } from './lineRange';

export interface InlineEditDeps {
  client(): Promise<SvcClient>;
  /** The cache key, safety identifier and the user's request settings. */
  identity: RequestIdentity;
  log: vscode.LogOutputChannel;
}

/** What starts an edit: the editor's selection, or given lines and an instruction (a quick fix). */
export interface InlineEditStart {
  uri: vscode.Uri;
  startLine: number;
  endLine: number;
  instruction?: string;
}

interface Active {
  session: InlineEditSession;
  context: InlineEditContext;
  rounds: InlineEditRound[];
  abort: AbortController;
}

export class InlineEditController implements vscode.Disposable {
  private active: Active | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly decorations: SessionDecorations = {
    added: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    }),
    // Where an open hunk's current lines were: a red rule above the line and "−N" after it (the hover shows them).
    removed: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      borderStyle: 'solid',
      borderWidth: '2px 0 0 0',
      borderColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
      after: { color: new vscode.ThemeColor('editorOverviewRuler.deletedForeground') },
    }),
  };
  /** Called when a diff line is first painted after a request started (the bench and the e2e read it). */
  onFirstPaint: () => void = () => undefined;

  constructor(private readonly deps: InlineEditDeps) {}

  get session(): InlineEditSession | undefined {
    return this.active?.session;
  }

  /** Why this file may not be sent (the chat's secret-file rules), or undefined. */
  refusal(uri: vscode.Uri): string | undefined {
    const relative = vscode.workspace.asRelativePath(uri, false);
    const secret = new SecretFileRules(readAgentSettings().protectedFiles).match(relative);
    return secret ? vscode.l10n.t('{0} is not sent to svc: {1}.', relative, secret.shownReason) : undefined;
  }

  async start(given?: InlineEditStart): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const start = given ?? (editor ? fromSelection(editor) : undefined);
    if (!start) {
      void vscode.window.showInformationMessage(vscode.l10n.t('svc: Edit Inline needs an editor.'));
      return;
    }
    if (this.active) await this.cancel();
    const refused = this.refusal(start.uri);
    if (refused) {
      void vscode.window.showWarningMessage(`svc: ${refused}`);
      return;
    }
    const document = await vscode.workspace.openTextDocument(start.uri);
    const instruction = start.instruction ?? (await askInstruction(vscode.l10n.t('Edit lines {0}-{1}', start.startLine + 1, start.endLine + 1)));
    if (instruction === undefined || instruction.trim() === '') return;
    const context = contextOf(document, start);
    const session = new InlineEditSession(document, start, this.decorations, {
      changed: () => this.changed.fire(),
      ended: (ended, outcome) => this.ended(ended, outcome.message),
    }, () => this.onFirstPaint());
    this.active = { session, context, rounds: [{ instruction }], abort: new AbortController() };
    await this.setContext();
    await this.request(this.active);
  }

  async followUp(): Promise<void> {
    const active = this.active;
    if (!active || active.session.phase !== 'review') return;
    const { startLine, endLine } = active.session;
    const instruction = await askInstruction(vscode.l10n.t('Refine the edit of lines {0}-{1}', startLine + 1, endLine + 1));
    if (instruction === undefined || instruction.trim() === '' || this.active !== active) return;
    active.rounds[active.rounds.length - 1]!.proposal = active.session.proposedCode();
    active.rounds.push({ instruction });
    active.abort = new AbortController();
    if (!(await active.session.restart())) return;
    await this.setContext();
    await this.request(active);
  }

  async cancel(): Promise<void> {
    const active = this.active;
    if (!active) return;
    active.abort.abort();
    await active.session.cancel();
  }

  async decide(decision: 'accepted' | 'rejected', hunkId?: string): Promise<void> {
    const session = this.active?.session;
    if (!session) return;
    const id = hunkId ?? this.hunkAtCursor(session);
    if (id) await session.decide(id, decision);
  }

  async decideAll(decision: 'accepted' | 'rejected'): Promise<void> {
    await this.active?.session.decideAll(decision);
  }

  dispose(): void {
    this.active?.abort.abort();
    this.active?.session.dispose();
    this.decorations.added.dispose();
    this.decorations.removed.dispose();
    this.changed.dispose();
  }

  private hunkAtCursor(session: InlineEditSession): string | undefined {
    const open = session.openHunks();
    const line = vscode.window.activeTextEditor?.document === session.document ? vscode.window.activeTextEditor.selection.active.line - session.startLine : -1;
    const at = open.find((h) => line >= h.line && line < h.line + Math.max(1, h.addedLines));
    return (at ?? open[0])?.hunk.id;
  }

  private async request(active: Active): Promise<void> {
    const settings = { ...this.deps.identity.settings(), jsonMode: false, choiceCount: 1 };
    const { fileName, startLine, endLine } = active.context;
    this.deps.log.info(`Inline edit of ${fileName}:${startLine}-${endLine} with ${settings.model}, round ${active.rounds.length}`);
    try {
      const client = await this.deps.client();
      const request = buildChatRequest(inlineEditMessages(active.context, active.rounds), settings, await this.deps.identity.promptCacheKey());
      for await (const chunk of client.chatStream(request, { signal: active.abort.signal })) {
        const delta = chunk.choices[0]?.delta.content;
        if (typeof delta === 'string' && delta !== '') active.session.push(delta);
      }
      await active.session.finishStreaming();
      this.deps.log.info(`Inline edit of ${fileName}: reply ended, ${active.session.openHunks().length} hunk(s) to review`);
    } catch (error) {
      if (active.abort.signal.aborted) return;
      const text = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`Inline edit: ${text}`);
      await active.session.cancel();
      void vscode.window.showErrorMessage(vscode.l10n.t('svc: the inline edit failed and the file was left as it was: {0}', text));
    } finally {
      if (this.active === active) await this.setContext();
    }
  }

  private ended(session: InlineEditSession, message: string | undefined): void {
    if (this.active?.session === session) {
      this.active.abort.abort();
      this.active = undefined;
    }
    void this.setContext();
    this.changed.fire();
    if (message) void vscode.window.showInformationMessage(`svc: ${message}`);
  }

  private async setContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', 'svc.inlineEditActive', this.active !== undefined);
    await vscode.commands.executeCommand('setContext', 'svc.inlineEditReviewing', this.active?.session.phase === 'review');
    // The editor title's Accept All / Reject All / Follow-up show on the file under review only (`resourcePath in
    // …`). Not `resource`: in a remote window the workbench's URI of the file is not the extension host's. The
    // workbench's `resourcePath` is a file's fsPath and any other resource's path, so both are listed.
    const uri = this.active?.session.document.uri;
    await vscode.commands.executeCommand('setContext', 'svc.inlineEditPaths', uri ? [uri.path, uri.fsPath] : []);
    this.changed.fire();
  }
}

function fromSelection(editor: vscode.TextEditor): InlineEditStart {
  const { selection } = editor;
  // A selection ending at column 0 of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  return { uri: editor.document.uri, startLine: selection.start.line, endLine };
}

function contextOf(document: vscode.TextDocument, start: InlineEditStart): InlineEditContext {
  const range = lineRange(document, start.startLine, start.endLine);
  const end = document.lineAt(document.lineCount - 1).range.end;
  return {
    fileName: vscode.workspace.asRelativePath(document.uri, false),
    languageId: document.languageId,
    before: document.getText(new vscode.Range(new vscode.Position(0, 0), range.start)),
    after: document.getText(new vscode.Range(range.end, end)),
    code: document.getText(range),
    startLine: start.startLine + 1,
    endLine: start.endLine + 1,
  };
}

/**
 * The instruction, asked in VS Code's input box: the title names the lines, the placeholder is the one hint
 * (VS Code's own message under the box says Enter and Escape). Why not a box at the selection: see
 * docs/inline-edit.md.
 */
function askInstruction(title: string): Promise<string | undefined> {
  return Promise.resolve(
    vscode.window.showInputBox({
      title: `svc: ${title}`,
      placeHolder: vscode.l10n.t('What should change? e.g. rename total to sum, add error handling'),
      ignoreFocusOut: true,
    }),
  );
}
