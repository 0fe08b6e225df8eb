// The formula tools' VS Code side: the confirmation VS Code shows before a call, and the call through
// the current connection, its result as a text part.
import * as vscode from 'vscode';
import type { SvcClient } from '../../api/index';
import { invokeFormulaTool, previewInvocation } from '../../core/languageModels/formulaToolInvocation';
import { FormulaToolCatalog } from '../../core/tools/formulaTools';
import { revealApproval, revealHiddenText } from '../../shared/revealHiddenText';
import { readAgentSettings } from '../agent/agentSettings';
import { codeBlock } from '../../core/codeFence';

export interface FormulaToolConnection {
  client: SvcClient;
  /** True on the local emulator, whose code_runner runs on this computer. */
  local: boolean;
}

function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

export class FormulaLanguageModelTools {
  private catalog: { client: SvcClient; catalog: FormulaToolCatalog } | undefined;

  constructor(private readonly connection: () => Promise<FormulaToolConnection>) {}

  async prepare(toolName: string, input: unknown): Promise<vscode.PreparedToolInvocation> {
    const { local } = await this.connection();
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
      const { client } = await this.connection();
      const result = await invokeFormulaTool(toolName, input, { service: client.formulas, catalog: this.catalogFor(client), enabled: readAgentSettings().formulas }, controller.signal);
      return textResult(result.text);
    } catch (error) {
      // No connection (the emulator did not start): the caller gets the reason as the result.
      return textResult(`Error: ${toolName} could not reach the service: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      cancellation.dispose();
    }
  }

  private catalogFor(client: SvcClient): FormulaToolCatalog {
    // Definitions are cached per session; a new client (key or address change) is a new session.
    if (this.catalog?.client !== client) this.catalog = { client, catalog: new FormulaToolCatalog(client.formulas) };
    return this.catalog.catalog;
  }
}
