// Next-edit suggestions in the editor. After an edit that changed existing code, a pause in typing asks
// the engine for the next line to change the same way; the suggestion shows on its line (the old text
// struck through, the new text after it) with a hint in the status bar, and Tab goes to it, then Tab
// again applies it (Escape dismisses it). Typing anywhere in the document aborts the request and takes the
// suggestion away; nothing is applied without Tab. VS Code's own inline-edit rendering is a proposed API
// (`inlineCompletionsAdditions`: `isInlineEdit`, `showRange`, `jumpToPosition`) that a published
// extension cannot use, so the same decoration and commands serve every version from 1.105 on.
import * as vscode from 'vscode';
import { CompletionRefusedError } from '../../core/completions/completionRefusal';
import { changedExistingCode } from '../../core/completions/editHistory';
import type { NextEditEngine } from '../../core/completions/nextEditEngine';
import type { NextEdit } from '../../core/completions/nextEditTypes';
import { quietPause } from '../../core/completions/quietPause';
import type { DocumentEdited, RelatedContext } from './relatedContext';

export const NEXT_EDIT_TAB_COMMAND = 'svc.completions.nextEdit.tab';
export const NEXT_EDIT_DISMISS_COMMAND = 'svc.completions.nextEdit.dismiss';
/** The keybindings' `when`: Tab and Escape are ours only while a suggestion shows. */
const SHOWN_CONTEXT = 'svc.nextEditShown';

export interface NextEditDeps {
  engine: NextEditEngine;
  related: RelatedContext;
  /** Whether suggestions are asked for this document now (completions on, its language on, not snoozed). */
  active(document: vscode.TextDocument): boolean;
  debounceMs(): number;
  log: vscode.LogOutputChannel;
  /** After each request (today's use changed) and each accepted suggestion, with its length. */
  onAsked(): void;
  onAccepted(chars: number): void;
}

interface Shown {
  /** The editor it shows in; the same document's editor object may be replaced when focus moves. */
  editor: vscode.TextEditor;
  version: number;
  edit: NextEdit;
  status: vscode.Disposable;
}

export class NextEditSuggestions implements vscode.Disposable {
  private pending: AbortController | undefined;
  private shown: Shown | undefined;
  /** The document and the version an accepted suggestion left it at. */
  private accepted: { document: vscode.TextDocument; version: number } | undefined;
  private readonly reported = new Set<string>();
  private readonly target = vscode.window.createTextEditorDecorationType({
    textDecoration: 'line-through',
    backgroundColor: new vscode.ThemeColor('diffEditor.removedTextBackground'),
  });
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: NextEditDeps) {
    this.subscriptions = [
      this.target,
      deps.related.onDidEdit((edited) => this.edited(edited)),
      // A quick pick or a panel taking the focus reports no editor for a moment: only another editor ends the suggestion.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && editor.document !== this.shown?.editor.document) this.clear();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (this.shown?.editor.document === event.textEditor.document) this.render();
      }),
      vscode.commands.registerCommand(NEXT_EDIT_TAB_COMMAND, () => this.tab()),
      vscode.commands.registerCommand(NEXT_EDIT_DISMISS_COMMAND, () => this.clear()),
    ];
  }

  dispose(): void {
    this.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  /**
   * Whether the document is still as the last accepted suggestion left it. That change was not typing: VS Code's
   * ghost text, still active from the last keystroke, asks again at the cursor the suggestion left (mid-line,
   * where the rest of the file offers text that does not belong), and a ghost text there would take the Tab that
   * goes to the next suggestion.
   */
  leftAsAccepted(document: vscode.TextDocument): boolean {
    return this.accepted?.document === document && this.accepted.version === document.version;
  }

  private edited({ document, edit }: DocumentEdited): void {
    // A change in the background (another file saved by a tool, the settings) is not the user typing on.
    if (document !== vscode.window.activeTextEditor?.document) return;
    // Typing on: the running request answers a document that is gone, and the suggestion may no longer fit.
    this.clear();
    if (edit && changedExistingCode(edit) && this.deps.active(document)) void this.ask(document);
  }

  private async ask(document: vscode.TextDocument): Promise<void> {
    const abort = new AbortController();
    this.pending = abort;
    if (!(await quietPause(this.deps.debounceMs(), abort.signal))) return;
    const editor = vscode.window.activeTextEditor;
    if (editor?.document !== document) return;
    const path = vscode.workspace.asRelativePath(document.uri, false);
    const version = document.version;
    const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
    try {
      const related = await this.deps.related.snippets(document);
      if (abort.signal.aborted) return;
      const edit = await this.deps.engine.suggest(
        { path, languageId: document.languageId, text: lines.join('\n'), cursorLine: editor.selection.active.line + 1, related, recentEdits: this.deps.related.history.recent(path) },
        abort.signal,
      );
      this.deps.onAsked();
      if (!edit || abort.signal.aborted || document.version !== version || vscode.window.activeTextEditor !== editor) return;
      this.show(editor, version, edit);
    } catch (error) {
      if (error instanceof CompletionRefusedError) {
        const key = `${document.uri.toString()}\u0000${error.kind}`;
        if (!this.reported.has(key)) {
          this.reported.add(key);
          this.deps.log.info(`Next edits: nothing asked in ${document.uri.fsPath}: ${error.message}`);
        }
        return;
      }
      // A malformed reply or a failed request: nothing shows, the log says why.
      this.deps.log.warn(`Next edits: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (this.pending === abort) this.pending = undefined;
    }
  }

  private show(editor: vscode.TextEditor, version: number, edit: NextEdit): void {
    const status = vscode.window.setStatusBarMessage(`$(arrow-right) ${vscode.l10n.t('svc: next edit on line {0}: Tab to go there, Escape to dismiss', edit.line)}`);
    this.shown = { editor, version, edit, status };
    void vscode.commands.executeCommand('setContext', SHOWN_CONTEXT, true);
    this.render();
  }

  private render(): void {
    const shown = this.shown;
    if (!shown) return;
    const { edit, editor } = shown;
    const atTarget = editor.selection.active.line === edit.line - 1;
    const hint = atTarget ? vscode.l10n.t('Tab to accept') : vscode.l10n.t('Tab to go here');
    editor.setDecorations(this.target, [
      {
        range: new vscode.Range(edit.line - 1, edit.startColumn, edit.line - 1, edit.endColumn),
        hoverMessage: vscode.l10n.t('svc next edit: {0}', edit.after.trim()),
        renderOptions: {
          after: { contentText: edit.text, textDecoration: 'none', backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground') },
        },
      },
      {
        range: new vscode.Range(edit.line - 1, edit.before.length, edit.line - 1, edit.before.length),
        renderOptions: { after: { contentText: `  ⇥ ${hint}`, textDecoration: 'none', color: new vscode.ThemeColor('editorCodeLens.foreground') } },
      },
    ]);
  }

  /** Tab: go to the suggestion; at it, apply it. */
  private async tab(): Promise<void> {
    const shown = this.shown;
    const editor = vscode.window.activeTextEditor;
    if (!shown || editor?.document !== shown.editor.document || editor.document.version !== shown.version) {
      this.clear();
      await vscode.commands.executeCommand('tab');
      return;
    }
    shown.editor = editor;
    const { edit } = shown;
    const start = new vscode.Position(edit.line - 1, edit.startColumn);
    if (editor.selection.active.line !== edit.line - 1) {
      editor.selection = new vscode.Selection(start, start);
      editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      return;
    }
    this.clear();
    // Set before the edit: VS Code may ask for ghost text at the new version before the edit's promise resolves.
    this.accepted = { document: editor.document, version: editor.document.version + 1 };
    const applied = await editor.edit((builder) => builder.replace(new vscode.Range(start, new vscode.Position(edit.line - 1, edit.endColumn)), edit.text));
    if (!applied) return;
    const end = new vscode.Position(edit.line - 1, edit.startColumn + edit.text.length);
    editor.selection = new vscode.Selection(end, end);
    this.deps.onAccepted(edit.text.length);
  }

  private clear(): void {
    this.pending?.abort();
    this.pending = undefined;
    this.deps.engine.cancel();
    const shown = this.shown;
    if (!shown) return;
    this.shown = undefined;
    shown.status.dispose();
    shown.editor.setDecorations(this.target, []);
    void vscode.commands.executeCommand('setContext', SHOWN_CONTEXT, false);
  }
}
