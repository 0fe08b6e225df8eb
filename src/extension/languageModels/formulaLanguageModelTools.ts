// The formula tools' VS Code side: the confirmation VS Code shows before a call, and the call through
// the current connection, its result as a text part.
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import { invokeFormulaTool, previewInvocation } from '../../core/languageModels/formulaToolInvocation';
import { FormulaToolCatalog } from '../../core/tools/formulaTools';
import { revealApproval, revealHiddenText } from '../../shared/revealHiddenText';
import { readAgentSettings } from '../settings/settingsReader';
import { codeBlock } from '../../core/codeFence';

export interface FormulaToolConnection {
  client: SvcClient;
  /** True on the local emulator, whose code_runner runs on this computer. */
  local: boolean;
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

function invocationKey(toolName: string, input: unknown): string {
  return `${toolName}\0${JSON.stringify(input)}`;
}

export class FormulaLanguageModelTools {
  private catalog: { client: SvcClient; catalog: FormulaToolCatalog } | undefined;
  /**
   * Calls whose confirmation said "on this computer", by tool and input, with how many are pending. VS Code
   * asks prepare, then invoke; the connection can switch to the local emulator in between, and a call
   * confirmed (or not confirmed at all) as a service call must not then run here.
   */
  private readonly preparedLocally = new Map<string, number>();

  constructor(private readonly connection: () => Promise<FormulaToolConnection>) {}

  async prepare(toolName: string, input: unknown): Promise<vscode.PreparedToolInvocation> {
    const { local } = await this.connection();
    if (local) this.preparedLocally.set(invocationKey(toolName, input), (this.preparedLocally.get(invocationKey(toolName, input)) ?? 0) + 1);
    const preview = previewInvocation(toolName, input, local);
    const invocation = preview.code ? `${preview.invocationMessage}:\n\n${codeBlock(revealHiddenText(preview.code.text).text, preview.code.language)}` : preview.invocationMessage;
    if (!preview.confirmation) return { invocationMessage: new vscode.MarkdownString(invocation) };
    const { title, lead, detail, language } = preview.confirmation;
    // The same reveal as the agent's approvals: hidden characters and folded blank runs made visible.
    const revealed = revealApproval({ title, detail });
    const message = [lead, ...revealed.warnings.map((w) => `**${w}**`), `(${revealed.lines})`, codeBlock(revealed.detail, language)].join('\n\n');
    return { invocationMessage: new vscode.MarkdownString(invocation), confirmationMessages: { title: revealed.title, message: new vscode.MarkdownString(message) } };
  }

  async invoke(toolName: string, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const controller = new AbortController();
    const cancellation = token.onCancellationRequested(() => controller.abort());
    try {
      const { client, local } = await this.connection();
      if (local && previewInvocation(toolName, input, true).confirmation && !this.takePreparedLocally(toolName, input)) {
        return textResult(`Not run: the service switched to the local emulator after this call was confirmed, and ${toolName} would now run on this computer. Call it again to be asked.`);
      }
      const result = await invokeFormulaTool(toolName, input, { service: client.formulas, catalog: this.catalogFor(client), enabled: readAgentSettings().formulas }, controller.signal);
      return textResult(result.text);
    } catch (error) {
      // No connection (the emulator did not start): the caller gets the reason as the result.
      return textResult(`Error: ${toolName} could not reach the service: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      cancellation.dispose();
    }
  }

  private takePreparedLocally(toolName: string, input: unknown): boolean {
    const key = invocationKey(toolName, input);
    const pending = this.preparedLocally.get(key) ?? 0;
    if (pending === 0) return false;
    if (pending === 1) this.preparedLocally.delete(key);
    else this.preparedLocally.set(key, pending - 1);
    return true;
  }

  private catalogFor(client: SvcClient): FormulaToolCatalog {
    // Definitions are cached per session; a new client (key or address change) is a new session.
    if (this.catalog?.client !== client) this.catalog = { client, catalog: new FormulaToolCatalog(client.formulas) };
    return this.catalog.catalog;
  }
}
