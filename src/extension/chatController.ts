// The host side of the chat view: answers every protocol message from the webview, turns the chat
// session's events into protocol messages, and keeps the view's settings, connection banner and
// conversation list current. The webview only ever receives text and figures, never the key.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LIMITS, MODELS, modelInfo, type Model, type ModelInfo, SvcApiError } from '../api/index';
import { ChatSession, type SessionEvent, type UserTurn } from '../core/chat/chatSession';
import type { ReplySettings } from '../core/chat/chatRequestBuilder';
import { systemClock } from '../core/clock';
import { conversationToMarkdown } from '../core/conversations/conversationMarkdown';
import type { ConversationStore } from '../core/conversations/conversationStore';
import { conversationView } from './chat/conversationView';
import { buildHistory } from '../core/chat/historyBuilder';
import { StreamDeltaBatcher } from './chat/streamDeltaBatcher';
import { computeTokenBudget } from '../core/tokens/tokenBudget';
import { DebouncedEstimator, type EstimateClient } from '../core/tokens/tokenEstimator';
import type { Connection, HostMessage, ModelView, SendOptions, UiSettings, WebviewMessage, WebviewMessageOf } from '../shared/protocol';
import { applyCodeBlock, copyText, insertAtCursor, openLink } from './codeBlockActions';
import type { ProposedContentProvider } from './proposedContent';
import { BalanceBlockedError } from '../core/billing/balanceView';
import type { AttachmentChip } from '../core/files/attachmentSession';
import type { ChatFilesTarget, ChatNotice, FileFeatures, FileTurn } from './files/chatFilesBridge';
import { AttachmentController, isAttachmentMessage } from './files/attachmentController';
import type { ReplyCost } from '../core/billing/replyCost';
import type { ServiceConnection } from './serviceConnection';
import { readSettings, replySettings, type ChatSettings } from './settings';
import type { AgentChatSurface, AgentController } from './agent/agentController';

/** Drafts typed in a burst make one estimate call. */
const ESTIMATE_DEBOUNCE_MS = 150;

export interface ChatViewPort {
  post(message: HostMessage): void;
  reveal(): Promise<void>;
}

function modelView(id: string, info: ModelInfo | undefined): ModelView {
  return {
    id,
    thinking: info?.thinking ?? 'no',
    vision: info?.vision ?? false,
    contextLength: info?.contextLength ?? null,
    estimateSupported: info?.estimateSupported ?? true,
    maxChoices: info?.fixed.n ?? LIMITS.maxN,
  };
}

function uiSettings(settings: ChatSettings): UiSettings {
  return {
    model: settings.model,
    thinking: settings.thinking,
    jsonMode: settings.jsonMode,
    showReasoning: settings.showReasoning,
    choiceCount: Math.min(5, Math.max(1, Math.trunc(settings.choiceCount))),
  };
}

/** A setting changed from the view goes where its current value comes from (workspace or user). */
async function updateSetting(key: string, value: unknown): Promise<void> {
  const config = vscode.workspace.getConfiguration('svc');
  const inspected = config.inspect(key);
  const target = inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update(key, value, target);
}

export class ChatController implements vscode.Disposable, ChatFilesTarget {
  readonly session: ChatSession;
  private view: ChatViewPort | undefined;
  /** The conversation the view shows; undefined for a new chat not sent yet. */
  private activeId: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private pendingEstimate: { requestId: string; contextLength: number | undefined; maxCompletionTokens: number } | undefined;
  private estimator: DebouncedEstimator | undefined;
  private estimatorClient: EstimateClient | undefined;
  private files: FileFeatures | undefined;
  private agent: AgentController | undefined;
  private attachments: AttachmentController | undefined;
  /** Text deltas that arrive in one event-loop turn reach the view as one message. */
  private readonly outbox = new StreamDeltaBatcher((message) => this.view?.post(message));

  constructor(
    private readonly store: ConversationStore,
    private readonly connection: ServiceConnection,
    private readonly proposals: ProposedContentProvider,
    private readonly log: vscode.LogOutputChannel,
    /** The workspace's prompt_cache_key (agent/workspaceCacheKey), shared by chats and agent tasks. */
    promptCacheKey?: () => Promise<string>,
  ) {
    this.activeId = store.activeConversationId;
    this.session = new ChatSession({
      client: async () => (await this.connection.get()).client,
      store,
      clock: systemClock,
      ...(promptCacheKey ? { promptCacheKey } : {}),
      onEvent: (event) => this.deliver(event),
    });
    this.subscriptions.push(
      store.onDidChange(() => this.post({ type: 'conversations', conversations: store.list() })),
      connection.onDidChange((c) => this.post({ type: 'connection', connection: c })),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('svc')) this.post({ type: 'settings', settings: uiSettings(readSettings()) });
      }),
    );
  }

  attach(view: ChatViewPort | undefined): void {
    this.view = view;
  }

  /** Attachments, the balance check before sending and the cost after each reply (the file features). */
  useFileFeatures(files: FileFeatures): void {
    this.files = files;
    this.attachments = new AttachmentController(files, (m) => this.post(m));
  }

  /** Agent tasks (Agent mode, approvals, undo) run in this view's conversation. */
  useAgent(agent: AgentController): void {
    this.agent = agent;
  }

  agentSurface(): AgentChatSurface {
    return {
      post: (message) => this.post(message),
      activeConversationId: () => this.activeId,
      setActive: async (id) => {
        this.activeId = id;
        await this.store.setActive(id);
      },
    };
  }

  get activeConversationId(): string | undefined {
    return this.activeId;
  }

  /** Every message to the view, so streamed text joined per turn keeps its place among the others. */
  private post(message: HostMessage): void {
    this.outbox.send(message);
  }

  private deliver(event: SessionEvent): void {
    let cost: ReplyCost | undefined;
    if (event.type === 'replyFinished' && event.usage && this.files) {
      const u = event.usage;
      const conversation = this.store.get(event.conversationId);
      const entry = conversation?.entries.find((e) => e.id === event.messageId);
      cost = this.files.replyFinished(
        { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.promptTokens + u.completionTokens, cached_tokens: u.cachedTokens },
        entry?.role === 'assistant' ? entry.model : readSettings().model,
      );
    }
    if (event.type === 'conversation') {
      if (event.conversation.id === this.activeId) this.post({ type: 'conversation', conversation: conversationView(event.conversation) });
      return;
    }
    if (event.type === 'replyFailed') this.log.warn(`Reply failed (${event.error.kind}): ${event.error.message}`);
    this.post(event);
    if (cost && event.type === 'replyFinished') this.attachments?.showCost(event.conversationId, event.messageId, cost);
  }

  async sendInit(): Promise<void> {
    const active = this.activeId ? this.store.get(this.activeId) : undefined;
    this.post({
      type: 'init',
      conversations: this.store.list(),
      active: active ? conversationView(active) : null,
      settings: uiSettings(readSettings()),
      connection: await this.connection.describe(),
      models: MODELS.map((m) => modelView(m.id, m)),
    });
  }

  /** Every message from the view, already validated against the protocol. */
  async handle(message: WebviewMessage): Promise<void> {
    try {
      await this.dispatch(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.log.error(`${message.type}: ${text}`);
      this.post({ type: 'notice', level: 'error', message: text });
    }
  }

  private async dispatch(message: WebviewMessage): Promise<void> {
    if (isAttachmentMessage(message)) return this.attachments?.handle(message);
    switch (message.type) {
      case 'ready':
        await this.sendInit();
        await this.attachments?.restore();
        return this.agent?.viewReady();
      case 'send':
        await this.send(message.conversationId, message.text, message.options);
        return;
      case 'stop':
        if (this.agent?.stop(message.conversationId)) return;
        return this.session.stop(message.conversationId);
      case 'runAgentTask':
      case 'approvalAnswer':
      case 'openAgentDiff':
      case 'undoAgentTask':
        return this.agent?.handle(message);
      case 'regenerate':
      case 'retry':
        return this.session.regenerate(message.conversationId, message.messageId, this.replySettings());
      case 'editAndResend':
        return this.session.editAndResend(message.conversationId, message.messageId, message.text, this.replySettings());
      case 'selectChoice':
        return this.session.selectChoice(message.conversationId, message.messageId, message.choiceIndex);
      case 'copy':
        return copyText(message.text);
      case 'insertAtCursor':
        return insertAtCursor(message.text);
      case 'applyCodeBlock':
        return applyCodeBlock(message.code, this.proposals);
      case 'openLink':
        return openLink(message.href);
      case 'newConversation':
        return this.newConversation();
      case 'switchConversation':
        return this.switchTo(message.conversationId);
      case 'renameConversation': {
        await this.store.rename(message.conversationId, message.title);
        const renamed = this.store.get(message.conversationId);
        if (renamed && message.conversationId === this.activeId) this.post({ type: 'conversation', conversation: conversationView(renamed) });
        return;
      }
      case 'deleteConversation':
        return this.deleteConversation(message.conversationId);
      case 'searchConversations':
        return this.post({ type: 'searchResults', requestId: message.requestId, results: this.store.search(message.query) });
      case 'exportConversation':
        await this.exportConversation(message.conversationId, message.requestId);
        return;
      case 'setModel':
        return updateSetting('model', message.model);
      case 'setThinking':
        return updateSetting('thinking', message.enabled);
      case 'setJsonMode':
        return updateSetting('jsonMode', message.enabled);
      case 'setChoiceCount':
        return updateSetting('alternatives', message.choiceCount);
      case 'estimateTokens':
        return this.estimate(message);
      case 'listModels':
        return this.listModels(message.requestId);
      case 'runAction':
        return this.runAction(message.action);
    }
  }

  private replySettings(options?: SendOptions): ReplySettings {
    const settings = readSettings();
    return replySettings(settings, options ? { model: options.model, thinking: options.thinking, jsonMode: options.jsonMode, choiceCount: options.choiceCount } : {});
  }

  /**
   * Sends `text` in the conversation (a new one when `conversationId` is null), with the files
   * attached in the meantime; resolves when the reply ended.
   */
  async send(conversationId: string | null, text: string, options?: SendOptions): Promise<string> {
    const settings = this.replySettings(options);
    let turn: UserTurn = { display: text, context: [], content: text };
    if (this.files) {
      await this.assertBalanceAllowsSending();
      const taken = await this.files.takeTurn({ model: settings.model, text });
      for (const left of [...taken.omitted.map((o) => ({ name: o.name, reason: o.error ?? 'extraction failed' })), ...taken.refused]) {
        this.showNotice({ severity: 'warning', text: `${left.name} was not sent: ${left.reason}` });
      }
      turn = { display: text, context: taken.systemMessages, content: taken.userMessage.content };
    }
    return this.sendTurnIn(conversationId, turn, settings);
  }

  private async sendTurnIn(conversationId: string | null, turn: UserTurn, settings: ReplySettings): Promise<string> {
    let id = conversationId;
    if (id === null) {
      const created = await this.store.create(readSettings().systemPrompt);
      id = created.id;
    }
    this.activeId = id;
    await this.store.setActive(id);
    await this.session.sendTurn(id, turn, settings);
    return id;
  }

  /**
   * A balance at or below zero stops the send with its reason. Failing to read the balance does not:
   * the chat request then fails with its own error and the action that fixes it.
   */
  private async assertBalanceAllowsSending(): Promise<void> {
    try {
      await this.files?.assertCanSend();
    } catch (error) {
      if (error instanceof BalanceBlockedError || !(error instanceof SvcApiError)) throw error;
    }
  }

  // ChatFilesTarget: the file commands ("Explain This File", ...) send through the chat.

  async sendTurn(turn: FileTurn): Promise<void> {
    await vscode.commands.executeCommand(`svc.chat.focus`);
    const content = turn.userMessage.content;
    await this.sendTurnIn(this.activeId ?? null, { display: turn.display, context: turn.systemMessages, content }, this.replySettings({ ...this.uiSendOptions(), model: turn.model }));
  }

  showAttachments(chips: readonly AttachmentChip[]): void {
    this.attachments?.showChips(chips);
  }

  showNotice(notice: ChatNotice): void {
    this.post({ type: 'fileNotice', level: notice.severity, message: notice.text });
  }

  selectModel(modelId: string): void {
    void updateSetting('model', modelId);
  }

  private uiSendOptions(): SendOptions {
    const ui = uiSettings(readSettings());
    return { model: ui.model, thinking: ui.thinking, jsonMode: ui.jsonMode, choiceCount: ui.choiceCount };
  }

  async newConversation(): Promise<void> {
    this.activeId = undefined;
    await this.store.clearActive();
    await this.sendInit();
    this.post({ type: 'focusComposer' });
  }

  private async switchTo(conversationId: string): Promise<void> {
    const conversation = this.store.require(conversationId);
    this.activeId = conversationId;
    await this.store.setActive(conversationId);
    this.post({ type: 'conversation', conversation: conversationView(conversation) });
  }

  private async deleteConversation(conversationId: string): Promise<void> {
    const conversation = this.store.require(conversationId);
    const answer = await vscode.window.showWarningMessage(`Delete the conversation "${conversation.title}"?`, { modal: true }, 'Delete');
    if (answer !== 'Delete') return;
    await this.session.stopAndSettle(conversationId);
    await this.store.delete(conversationId);
    if (this.activeId === conversationId) this.activeId = this.store.activeConversationId;
    await this.sendInit();
  }

  stopActive(): void {
    if (this.activeId && this.agent?.stop(this.activeId)) return;
    if (this.activeId) this.session.stop(this.activeId);
  }

  /** Saves the conversation as Markdown where the user chooses; the answer goes to the view and a notification. */
  async exportConversation(conversationId: string | undefined = this.activeId, requestId?: string): Promise<vscode.Uri | undefined> {
    const reply = (ok: boolean, message: string) => {
      if (requestId) this.post({ type: 'exportResult', requestId, ok, message });
    };
    const conversation = conversationId ? this.store.get(conversationId) : undefined;
    if (!conversation) {
      const message = 'There is no conversation to export yet.';
      reply(false, message);
      void vscode.window.showInformationMessage(message);
      return undefined;
    }
    const safeName = conversation.title.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'conversation';
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: 'Export conversation as Markdown',
      filters: { Markdown: ['md'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${safeName}.md`) } : {}),
    });
    if (!target) {
      reply(false, 'Export cancelled.');
      return undefined;
    }
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(conversationToMarkdown(conversation)));
    reply(true, `Exported to ${path.basename(target.fsPath)}.`);
    void vscode.window.showInformationMessage(`Conversation exported to ${target.fsPath}`, 'Open').then((choice) => {
      if (choice === 'Open') void vscode.window.showTextDocument(target);
    });
    return target;
  }

  private async estimate(message: WebviewMessageOf<'estimateTokens'>): Promise<void> {
    const contextLength = modelInfo(message.model)?.contextLength;
    const maxCompletionTokens = readSettings().maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens;
    const conversation = message.conversationId ? this.store.get(message.conversationId) : undefined;
    const messages = conversation ? buildHistory(conversation) : [];
    const systemPrompt = readSettings().systemPrompt;
    if (!conversation && systemPrompt.trim() !== '') messages.unshift({ role: 'system', content: systemPrompt });
    if (message.draft.trim() !== '') messages.push({ role: 'user', content: message.draft });
    if (messages.length === 0) {
      this.post({ type: 'tokenEstimate', requestId: message.requestId, tokens: 0, contextLength: contextLength ?? null });
      return;
    }
    const { client } = await this.connection.get();
    if (!this.estimator || this.estimatorClient !== client) {
      this.estimator?.cancel();
      this.estimatorClient = client;
      this.estimator = new DebouncedEstimator(client, systemClock, ESTIMATE_DEBOUNCE_MS, (estimate) => {
        const pending = this.pendingEstimate;
        if (!pending) return;
        const budget = computeTokenBudget({ inputTokens: estimate.tokens, approximate: estimate.approximate, ...pending });
        this.post({
          type: 'tokenEstimate',
          requestId: pending.requestId,
          // Against a known length the figure includes the reply's reserved tokens: that sum is what
          // the service checks, so the view's warning comes before the service's refusal.
          tokens: budget.state === 'unknown-limit' ? budget.inputTokens : budget.requestTokens,
          contextLength: budget.contextLength ?? null,
          ...(estimate.approximate ? { unavailableReason: 'approximate: counted locally (the estimate endpoint does not take this model or did not answer)' } : {}),
        });
      });
    }
    this.pendingEstimate = { requestId: message.requestId, contextLength, maxCompletionTokens };
    this.estimator.request({ model: message.model, messages });
  }

  private async listModels(requestId: string): Promise<void> {
    let listed: Model[];
    try {
      listed = await (await this.connection.get()).client.listModels();
    } catch (error) {
      this.log.warn(`GET /models failed, showing the built-in catalogue: ${error instanceof Error ? error.message : String(error)}`);
      listed = MODELS.map((m) => ({ id: m.id }));
    }
    this.post({ type: 'models', requestId, models: listed.map((m) => modelView(m.id, modelInfo(m.id))) });
  }

  private async runAction(action: WebviewMessageOf<'runAction'>['action']): Promise<void> {
    switch (action) {
      case 'setKey':
        await vscode.commands.executeCommand('svc.setApiKey');
        return;
      case 'useEmulator':
        await vscode.commands.executeCommand('svc.useLocalEmulator');
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'svc.');
        return;
      case 'checkBalance':
        return this.checkBalance();
    }
  }

  private async checkBalance(): Promise<void> {
    if ((await vscode.commands.getCommands(true)).includes('svc.showBalance')) {
      await vscode.commands.executeCommand('svc.showBalance');
      return;
    }
    const balance = await (await this.connection.get()).client.balance();
    void vscode.window.showInformationMessage(
      `Available balance: $${balance.available_balance.toFixed(2)} (cash $${balance.cash_balance.toFixed(2)}, vouchers $${balance.voucher_balance.toFixed(2)})`,
    );
  }

  async connectionNow(): Promise<Connection> {
    return this.connection.describe();
  }

  focusComposer(): void {
    this.post({ type: 'focusComposer' });
  }

  dispose(): void {
    this.estimator?.cancel();
    for (const s of this.subscriptions) s.dispose();
  }
}
