// The svc models in VS Code's language-model API (vendor "svc"): any extension, and VS Code's own chat,
// can select them and send requests; another extension only once the user allowed it (modelAccessConsent.ts). The list is the service's (GET /models); requests go through the
// core's LanguageModelChat, which maps, validates and streams them.
import * as vscode from 'vscode';
import { SvcApiError } from '../../api';
import type { LanguageModelChat } from '../../core/languageModels/languageModelChat';
import type { ListedModel, ServiceModels } from '../../core/models/serviceModels';
import { ModelAccessConsent } from './modelAccessConsent';
import { messageText, providerMessages, responsePart } from './vscodeMessageParts';
import { formatCount } from '../../core/tokens/formatCount';

/** Models whose length the service does not state (the k2 family): what the provider announces. */
const UNSTATED_CONTEXT_LENGTH = 128 * 1024;
const MAX_OUTPUT_TOKENS = 32 * 1024;

/** "svc-k2-thinking" is family "svc-k2", version "thinking"; "svc-k2.5" is its own family. */
function familyAndVersion(id: string): { family: string; version: string } {
  const match = /^(svc-[a-z]+\d+(?:\.\d+)?)(?:-(.+))?$/.exec(id);
  return match ? { family: match[1] as string, version: match[2] ?? 'latest' } : { family: id, version: 'latest' };
}

export function languageModelInformation(model: ListedModel): vscode.LanguageModelChatInformation {
  const info = model.info;
  const contextLength = info?.contextLength ?? UNSTATED_CONTEXT_LENGTH;
  const maxOutputTokens = Math.min(MAX_OUTPUT_TOKENS, Math.floor(contextLength / 2));
  const traits = [
    info?.thinking === 'always' ? vscode.l10n.t('always thinks') : info?.thinking === 'optional' ? vscode.l10n.t('thinking can be switched') : undefined,
    info?.vision ? vscode.l10n.t('sees images') : undefined,
    info?.contextLength !== undefined ? vscode.l10n.t('{0} tokens', formatCount(info.contextLength)) : vscode.l10n.t('context length not stated by the service'),
    info === undefined ? vscode.l10n.t('listed by the service, not in the built-in catalogue') : undefined,
  ].filter((t): t is string => t !== undefined);
  return {
    id: model.id,
    name: model.id,
    ...familyAndVersion(model.id),
    tooltip: `svc ${model.id}: ${traits.join('; ')}`,
    detail: info?.preview ? vscode.l10n.t('svc (preview)') : 'svc',
    maxInputTokens: contextLength - maxOutputTokens,
    maxOutputTokens,
    capabilities: { imageInput: info?.vision ?? false, toolCalling: true },
  };
}

/**
 * The error as its caller shows it: VS Code's chat prints a thrown error's stack and name after its message,
 * which would put this bundle's file paths and minified class names in front of the user. The frames go, and a
 * service error is named by the service's own error type.
 */
export function withoutFrames(error: unknown): unknown {
  if (error instanceof SvcApiError) error.name = `svc ${error.type}`;
  if (error instanceof Error) error.stack = '';
  return error;
}

export class SvcLanguageModelProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly models: ServiceModels,
    private readonly chat: LanguageModelChat,
    private readonly consent: ModelAccessConsent,
    /** Called when VS Code's own chat sends a request (it then offers VS Code's utility model). */
    private readonly onVsCodeChatRequest: () => void = () => undefined,
  ) {
    this.subscription = models.onDidChange(() => this.changed.fire());
  }

  async provideLanguageModelChatInformation(): Promise<vscode.LanguageModelChatInformation[]> {
    return (await this.models.current()).models.map(languageModelInformation);
  }

  async provideLanguageModelChatResponse(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const initiator = ModelAccessConsent.initiatorOf(options);
    await this.consent.ensureAllowed(initiator);
    if (ModelAccessConsent.isVsCodeChat(initiator)) this.onVsCodeChatRequest();
    const controller = new AbortController();
    const cancellation = token.onCancellationRequested(() => controller.abort());
    try {
      await this.chat.respond(
        {
          model: model.id,
          messages: providerMessages(messages),
          ...(options.modelOptions ? { modelOptions: options.modelOptions } : {}),
          tools: (options.tools ?? []).map((t) => ({ name: t.name, description: t.description, ...(t.inputSchema ? { inputSchema: t.inputSchema } : {}) })),
          toolMode: options.toolMode === vscode.LanguageModelChatToolMode.Required ? 'required' : 'auto',
        },
        (part) => progress.report(responsePart(part)),
        controller.signal,
      );
    } catch (error) {
      throw withoutFrames(error);
    } finally {
      cancellation.dispose();
    }
  }

  provideTokenCount(model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return this.chat.countTokens(model.id, messageText(text));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
