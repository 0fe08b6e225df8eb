// What completions and next-edit suggestions run on once they are on: the engines (each prompt, its request
// and its reply), the related context that follows the editors, the next-edit suggestions and the inline
// completion provider. A file of its own (esbuild.mjs), loaded by registerCompletions.ts once completions are
// on (when the chat host starts with them on, when they are turned on, or on the first ask), so a window with
// completions off never loads it.
import * as vscode from 'vscode';
import { CompletionEngine, type CompletionEngineDeps } from '../../core/completions/completionEngine';
import { NextEditEngine } from '../../core/completions/nextEditEngine';
import { NextEditSuggestions } from './nextEditSuggestions';
import { RelatedContext } from './relatedContext';
import { ACCEPTED_COMMAND, SvcInlineCompletions } from './svcInlineCompletions';

export interface CompletionEnginesDeps {
  engine: CompletionEngineDeps;
  /** The user's protected files: never read for a completion's context. */
  protectedFiles(): readonly string[];
  /** Whether completions, and next-edit suggestions, are asked for this document now (on, its language on, not snoozed). */
  active(document: vscode.TextDocument): boolean;
  nextEditsActive(document: vscode.TextDocument): boolean;
  debounceMs(): number;
  log: vscode.LogOutputChannel;
  /** After each completion shown and each next edit asked: today's use changed. */
  onUsed(): void;
  /** A completion or a next-edit suggestion was accepted, with its length. */
  onAccepted(chars: number): void;
}

export interface CompletionEngines extends vscode.Disposable {
  provider: SvcInlineCompletions;
}

export function startCompletionEngines(deps: CompletionEnginesDeps): CompletionEngines {
  const engine = new CompletionEngine(deps.engine);
  const related = new RelatedContext(deps.protectedFiles);
  const nextEdits = new NextEditSuggestions({
    engine: new NextEditEngine(deps.engine),
    related,
    active: deps.nextEditsActive,
    debounceMs: deps.debounceMs,
    log: deps.log,
    onAsked: deps.onUsed,
    onAccepted: deps.onAccepted,
  });
  const provider = new SvcInlineCompletions({
    engine: async () => engine,
    related,
    active: deps.active,
    debounceMs: deps.debounceMs,
    leftByNextEdit: (document) => nextEdits.leftAsAccepted(document),
    log: deps.log,
    onShown: () => deps.onUsed(),
  });
  // Only a completion handed to VS Code, so only after this file loaded, can be accepted.
  const accepted = vscode.commands.registerCommand(ACCEPTED_COMMAND, (chars: unknown) => {
    if (typeof chars === 'number') deps.onAccepted(chars);
    engine.forgetShown();
  });
  return {
    provider,
    dispose: () => {
      engine.cancel();
      accepted.dispose();
      nextEdits.dispose();
      related.dispose();
    },
  };
}
