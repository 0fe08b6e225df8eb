// The inline completion provider: VS Code asks at every keystroke (and cancels the previous ask), this
// waits for a pause (the debounce) and asks the engine, which answers a completion typed into or an
// identical context at once, without waiting. An accepted next-edit suggestion is not typing: the change
// it makes asks nothing (see NextEditSuggestions.leftAsAccepted). Refusals (secret files, Restricted Mode,
// a blocked balance) show nothing and are logged once per file and reason.
import * as vscode from 'vscode';
import type { CompletionEngine } from '../../core/completions/completionEngine';
import { CompletionRefusedError } from '../../core/completions/completionRefusal';
import { quietPause } from '../../core/completions/quietPause';
import type { RelatedContext } from './relatedContext';

export const ACCEPTED_COMMAND = 'svc.completions.accepted';

export interface ProviderDeps {
  engine: () => Promise<CompletionEngine>;
  related: RelatedContext;
  /** Whether completions are asked for this document now (on, its language on, not snoozed). */
  active(document: vscode.TextDocument): boolean;
  debounceMs(): number;
  /** Whether the document's last change was an accepted next-edit suggestion (nextEditSuggestions.ts). */
  leftByNextEdit(document: vscode.TextDocument): boolean;
  log: vscode.LogOutputChannel;
  /** Called when a completion is handed to VS Code (the bench and the e2e read it). */
  onShown?: (text: string) => void;
}

export class SvcInlineCompletions implements vscode.InlineCompletionItemProvider {
  private readonly reported = new Set<string>();

  constructor(private readonly deps: ProviderDeps) {}

  async provideInlineCompletionItems(document: vscode.TextDocument, position: vscode.Position, context: vscode.InlineCompletionContext, token: vscode.CancellationToken): Promise<vscode.InlineCompletionItem[] | undefined> {
    if (!this.deps.active(document)) return undefined;
    // Only the user's own typing or an explicit ask: never at the cursor an accepted next edit left.
    if (context.triggerKind === vscode.InlineCompletionTriggerKind.Automatic && this.deps.leftByNextEdit(document)) return undefined;
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      const engine = await this.deps.engine();
      const input = {
        path: vscode.workspace.asRelativePath(document.uri, false),
        languageId: document.languageId,
        before: document.getText(new vscode.Range(new vscode.Position(0, 0), position)),
        after: document.getText(new vscode.Range(position, document.lineAt(document.lineCount - 1).range.end)),
        related: await this.deps.related.snippets(document),
        recentEdits: this.deps.related.recentEdits(document, position.line),
      };
      const instant = engine.instant(input);
      const waited = instant !== undefined || context.triggerKind === vscode.InlineCompletionTriggerKind.Invoke || (await quietPause(this.deps.debounceMs(), abort.signal));
      if (!waited) return undefined;
      const result = instant ?? (await engine.complete(input, abort.signal));
      if (!result || abort.signal.aborted) return undefined;
      this.deps.onShown?.(result.text);
      const item = new vscode.InlineCompletionItem(result.text, new vscode.Range(position, position));
      item.command = { command: ACCEPTED_COMMAND, title: vscode.l10n.t('Accept'), arguments: [result.text.length] };
      return [item];
    } catch (error) {
      if (error instanceof CompletionRefusedError) {
        const key = `${document.uri.toString()}\u0000${error.kind}`;
        if (!this.reported.has(key)) {
          this.reported.add(key);
          this.deps.log.info(`Completions: nothing asked in ${document.uri.fsPath}: ${error.message}`);
        }
        return undefined;
      }
      this.deps.log.warn(`Completions: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    } finally {
      cancelled.dispose();
    }
  }
}
