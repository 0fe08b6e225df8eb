// VS Code's language-model part classes to the core's plain parts and back. Parts of kinds the
// provider does not know (a newer VS Code, a proposed API) are left out rather than sent wrong.
import * as vscode from 'vscode';
import type { ProviderMessage, ProviderPart, ProviderResponsePart } from '../../core/languageModels/providerMessages';
import { isLanguageModelDataPart } from './languageModelDataPart';

function part(value: unknown): ProviderPart | undefined {
  if (value instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: value.value };
  if (isLanguageModelDataPart(value)) return { kind: 'data', mimeType: value.mimeType, data: value.data };
  if (value instanceof vscode.LanguageModelToolCallPart) return { kind: 'toolCall', callId: value.callId, name: value.name, input: value.input };
  if (value instanceof vscode.LanguageModelToolResultPart) {
    return { kind: 'toolResult', callId: value.callId, parts: value.content.flatMap((inner) => part(inner) ?? resultFallback(inner)) };
  }
  return undefined;
}

/** A prompt-tsx part of a tool result has no text form of its own: its JSON is what the model can read. */
function resultFallback(value: unknown): ProviderPart[] {
  if (value instanceof vscode.LanguageModelPromptTsxPart) return [{ kind: 'text', text: JSON.stringify(value.value) }];
  return [];
}

function role(value: vscode.LanguageModelChatMessageRole): ProviderMessage['role'] {
  if (value === vscode.LanguageModelChatMessageRole.Assistant) return 'assistant';
  if (value === vscode.LanguageModelChatMessageRole.User) return 'user';
  // The proposed System role (3) and any later one: instructions, not the user's words.
  return 'system';
}

export function providerMessages(messages: readonly vscode.LanguageModelChatRequestMessage[]): ProviderMessage[] {
  return messages.map((message) => ({ role: role(message.role), parts: message.content.flatMap((p) => part(p) ?? []) }));
}

/** The text of a message, for token counting. */
export function messageText(message: string | vscode.LanguageModelChatRequestMessage): string {
  if (typeof message === 'string') return message;
  return message.content
    .map((p) => {
      if (p instanceof vscode.LanguageModelTextPart) return p.value;
      if (p instanceof vscode.LanguageModelToolCallPart) return `${p.name}${JSON.stringify(p.input)}`;
      if (p instanceof vscode.LanguageModelToolResultPart) return p.content.map((c) => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
      return '';
    })
    .join('');
}

export function responsePart(value: ProviderResponsePart): vscode.LanguageModelResponsePart {
  return value.kind === 'text' ? new vscode.LanguageModelTextPart(value.text) : new vscode.LanguageModelToolCallPart(value.callId, value.name, value.input);
}
