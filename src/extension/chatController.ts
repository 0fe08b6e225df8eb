// The host side of the chat view: routes each protocol message from the webview to its handler in a map
// typed over every message type, turns the chat session's events into protocol messages, and keeps the
// view's settings, connection banner and conversation list current. The webview only ever receives
// text and figures, never the key. Everything it uses is given at construction.
import type { ServiceReachability } from './connection/serviceReachability';
import type { ChatViewEvents } from './chatViewEvents';
import * as vscode from 'vscode';
import type { SvcClient } from '../api/index';
import { ChatSession, type SessionEvent } from '../core/chat/chatSession';
import { systemClock } from '../core/clock';
import { exportConversation } from '../core/conversations/conversationExport';
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { HostWindow } from '../core/host/hostWindow';
import type { TakeCheckpoint } from '../core/checkpoints/checkpointedTool';
import type { CheckpointRestorer } from '../core/checkpoints/checkpointRestore';
import type { Checkpoints } from '../core/checkpoints/checkpoints';
import { draftMentions, type MentionSources } from '../core/context/mentions';
import type { ModelListing, ServiceModels } from '../core/models/serviceModels';
import { DraftTokenEstimates } from '../core/tokens/draftTokenEstimate';
import type { EstimateClient } from '../core/tokens/tokenEstimator';
import type { AttachmentChip } from '../core/files/attachmentSession';
import type { ReplyCost } from '../core/billing/replyCost';
import type { RuleChip } from '../core/customizations/standingCustomizations';
import type { RequestIdentity } from '../core/requests/requestIdentity';
import type { Connection, HostMessage, SendOptions, WebviewMessage } from '../shared/protocol';
import { ChatSendPath, type ChatSendPathDeps } from './chat/chatSendPath';
import { conversationView } from './chat/conversationView';
import { checkpointHandlers } from './chat/handlers/checkpointHandlers';
import { codeBlockHandlers } from './chat/handlers/codeBlockHandlers';
import { compactionHandlers } from './chat/handlers/compactionHandlers';
import { conversationHandlers } from './chat/handlers/conversationHandlers';
import { hostActionHandlers } from './chat/handlers/hostActionHandlers';
import { mentionHandlers } from './chat/handlers/mentionHandlers';
import { replyHandlers } from './chat/handlers/replyHandlers';
import { rulesHandlers } from './chat/handlers/rulesHandlers';
import { settingsHandlers } from './chat/handlers/settingsHandlers';
import { modelsMessages, modelViews } from './chat/modelView';
import { ruleChipsMessage } from './chat/ruleChipsView';
import { uiSettings } from './chat/uiSettings';
import { combineHandlerGroups, WebviewMessageRouter, type WebviewHandlers } from './chat/webviewMessageRouter';
import type { ProposedContentProvider } from './proposedContent';
import type { ChatFilesNotices, ChatFilesTarget, ChatNotice, FileFeatures, FileTurn } from './files/chatFilesBridge';
import type { AttachmentController } from './files/attachmentController';
import type { ServiceConnection } from './serviceConnection';
import { readSettings } from './settings/settingsReader';
import type { ChatAgent } from './agent/lazyAgentFeatures';
import type { WorkspaceRules } from './rules/workspaceRules';
import type { WorkspaceCustomizations } from './customizations/workspaceCustomizations';
import { customCommandHandlers } from './customizations/customCommandHandlers';
import { customAgentsMessage, customCommandsMessage } from './customizations/customCommandList';
import { ForegroundSessions } from '../core/sessions/foregroundSessions';
import type { SessionList } from './sessions/sessionList';
import { sessionPrices } from './sessions/sessionPrices';

export interface ChatControllerOptions {
  store: ConversationStore;
  reachability?: ServiceReachability;
  connection: ServiceConnection;
  models: ServiceModels;
  proposals: ProposedContentProvider;
  log: vscode.LogOutputChannel;
  window: HostWindow;
  page: ChatViewEvents;
  /** Every message to the view goes here, so streamed text joined per turn keeps its place among the others. */
  post(message: HostMessage): void;
  /** The workspace's prompt_cache_key (shared by chats, agent tasks and the provider), the safety identifier and the request settings. */
  identity: RequestIdentity;
  /** Attachments, the balance check before sending and the cost after each reply. */
  files: FileFeatures;
  /** What the file features tell the view (chips, notices, a model switch); the controller passes them on as its ChatFilesTarget. */
  notices: ChatFilesNotices;
  attachments: AttachmentController;
  /** Agent tasks (Agent mode, approvals, undo) run in this view's conversation. */
  agent: ChatAgent;
  /** Project rules in every request, shown above the composer. */
  rules: WorkspaceRules;
  /** Skills and prompt files, offered as `/` commands. */
  customizations: WorkspaceCustomizations;
  /** @-mentions resolved into the turn when it is sent, and the workspace files the completion list offers. */
  mentions: { sources: MentionSources; workspaceFiles(): Promise<string[]> };
  /** Checkpoints before each message, and the view's compare and restore buttons. */
  checkpoints: { checkpoints: Checkpoints; take: TakeCheckpoint; restorer: CheckpointRestorer };
  /** The UserPromptSubmit hooks a chat message passes before it is sent. */
  promptHooks?: ChatSendPathDeps['promptHooks'];
  /** The list of sessions: the controller adds this window's conversations and tasks to it. */
  sessions: SessionList;
}

/** The estimate endpoint before any connection is made: the estimator falls back to counting locally. */
const NOT_CONNECTED: EstimateClient = {
  estimateTokens: () => Promise.reject(new Error('not connected yet')),
};

export class ChatController implements vscode.Disposable, ChatFilesTarget {
  readonly session: ChatSession;
  /** The connection's description, read when the view was attached, for its `init`. */
  private describing: Promise<Connection> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly router: WebviewMessageRouter;
  private readonly estimates: DraftTokenEstimates;
  private readonly sendPath: ChatSendPath;
  private readonly store: ConversationStore;
  private readonly connection: ServiceConnection;

  constructor(private readonly options: ChatControllerOptions) {
    const { store, connection, models, rules, agent } = options;
    this.store = store;
    this.connection = connection;
    const client = async () => (await connection.get()).client;
    this.session = new ChatSession({
      client,
      store,
      clock: systemClock,
      promptCacheKey: () => options.identity.promptCacheKey(),
      standingInstructions: () => rules.message(),
      tools: (conversationId, model) => agent.toolsOf(conversationId, model),
      onEvent: (event) => this.deliver(event),
    });
    this.sendPath = new ChatSendPath({
      store,
      session: this.session,
      connection,
      files: options.files,
      mentions: options.mentions.sources,
      rules,
      customizations: options.customizations,
      takeCheckpoint: options.checkpoints.take,
      post: options.post,
      showNotice: (notice) => this.showNotice(notice),
      showConversation: (id) => this.showConversation(id),
      identity: options.identity,
      ...(options.promptHooks ? { promptHooks: options.promptHooks } : {}),
    });
    // A draft's estimate never starts the local emulator (the view asks for one as soon as it opens): until a
    // connection is made, the draft is counted locally.
    const estimateClient = async () => (await connection.getWithoutStartingEmulator())?.client ?? NOT_CONNECTED;
    this.estimates = new DraftTokenEstimates(estimateClient, systemClock, (estimate) => options.post({ type: 'tokenEstimate', ...estimate }));
    this.router = new WebviewMessageRouter(this.handlers(client));
    this.subscriptions.push(
      options.page.onDidReceiveMessage((message) => void this.handle(message)),
      options.page.onDidChangePage((change) => this.pageChanged(change)),
      store.onDidChange(() => options.post({ type: 'conversations', conversations: store.list() })),
      connection.onDidChange((c) => {
        this.describing = undefined;
        options.post({ type: 'connection', connection: c });
        void models.refresh();
      }),
      models.onDidChange((listing) => this.showModels(listing)),
      rules.onDidChange((list) => this.showRules(list)),
      options.customizations.onDidChange(() => void this.showCustomCommands()),
      options.sessions.add(
        new ForegroundSessions({
          store,
          agent,
          replying: (id) => this.session.isBusy(id),
          stop: (id) => this.stopIn(id),
          regenerate: (id, messageId) => this.session.regenerate(id, messageId, options.identity.settings()),
          show: (id) => this.switchTo(id),
          prices: sessionPrices,
        }),
      ),
    );
  }

  private handlers(client: () => Promise<SvcClient>): WebviewHandlers {
    const { store, models, rules, agent, files, window, post, checkpoints, proposals } = this.options;
    const showConversation = (id: string) => this.showConversation(id);
    const ready: Pick<WebviewHandlers, 'ready'> = {
      ready: async () => {
        await this.sendInit();
        await this.options.attachments.restore();
        agent.viewReady();
        this.options.sessions.viewReady();
      },
    };
    return combineHandlerGroups(
      ready,
      replyHandlers({
        session: this.session,
        send: (conversationId, text, sendOptions) => this.send(conversationId, text, sendOptions),
        stop: (conversationId) => this.stopIn(conversationId),
        replySettings: () => this.options.identity.settings(),
        beforeEditAndResend: (conversationId, messageId) => checkpoints.restorer.offerFilesOnEdit(conversationId, messageId),
      }),
      conversationHandlers({
        store,
        replies: this.session,
        window,
        post,
        newConversation: () => this.newConversation(),
        sendInit: () => this.sendInit(),
        showConversation,
      }),
      settingsHandlers({
        store,
        estimates: this.estimates,
        models,
        post,
        instructions: () => rules.message(),
        mentions: (draft) => draftMentions(draft, this.options.mentions.sources),
        attachedText: () => files.attachedText(),
      }),
      codeBlockHandlers(proposals),
      compactionHandlers({ store, session: this.session, client, post, showConversation }),
      hostActionHandlers(client, window),
      checkpointHandlers({ store, checkpoints: checkpoints.checkpoints, restorer: checkpoints.restorer, proposals, post, showConversation }),
      mentionHandlers({ workspaceFiles: this.options.mentions.workspaceFiles, post }),
      rulesHandlers(rules),
      customCommandHandlers({
        items: () => this.options.customizations.items(),
        send: (conversationId, text, sendOptions) => this.send(conversationId, text, sendOptions),
        runTask: (message) => agent.handlers().runAgentTask(message),
        askInput: (command, input) => vscode.window.showInputBox({ title: `/${command}`, prompt: input.name, ...(input.placeholder ? { placeHolder: input.placeholder } : {}), ignoreFocusOut: true }),
        post,
      }),
      this.options.attachments.handlers(),
      agent.handlers(),
      this.options.sessions.handlers(),
    );
  }

  private pageChanged(change: 'attached' | 'detached'): void {
    // The page takes seconds to load; what `init` needs from SecretStorage is read meanwhile, not after `ready`.
    this.describing = change === 'attached' ? this.connection.describe() : undefined;
    this.describing?.catch(() => undefined);
  }

  /** The conversation the view shows; undefined for a new chat not sent yet. */
  get activeConversationId(): string | undefined {
    return this.store.activeConversationId;
  }

  private post(message: HostMessage): void {
    this.options.post(message);
  }

  private deliver(event: SessionEvent): void {
    let cost: ReplyCost | undefined;
    if (event.type === 'replyFinished' && event.usage) {
      const u = event.usage;
      const conversation = this.store.get(event.conversationId);
      const entry = conversation?.entries.find((e) => e.id === event.messageId);
      cost = this.options.files.replyFinished(
        { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.promptTokens + u.completionTokens, cached_tokens: u.cachedTokens },
        entry?.role === 'assistant' ? entry.model : readSettings().model,
      );
    }
    if (event.type === 'conversation') {
      if (event.conversation.id === this.activeConversationId) this.post({ type: 'conversation', conversation: conversationView(event.conversation) });
      return;
    }
    if (event.type === 'replyFailed') {
      this.options.log.warn(`Reply failed (${event.error.kind}): ${event.error.message}`);
      if (event.error.kind === 'network') this.options.reachability?.serviceUnreachable(event.error.message);
    }
    if (event.type === 'replyFinished') this.options.reachability?.serviceReached();
    this.post(event);
    if (cost && event.type === 'replyFinished') this.options.attachments.showCost(event.conversationId, event.messageId, cost);
  }

  async sendInit(): Promise<void> {
    const active = this.activeConversationId ? this.store.get(this.activeConversationId) : undefined;
    this.post({
      type: 'init',
      conversations: this.store.list(),
      active: active ? conversationView(active) : null,
      settings: uiSettings(readSettings()),
      connection: await this.takeDescription(),
      // The view gets the last known list at once (the catalogue before the first answer), never waiting
      // on the network: it may already be sending. The service's list follows as a `models` message.
      models: modelViews(this.options.models.known()),
    });
    // With no key the list waits for the first request: listing now would start the local emulator (its
    // bundle and the tokenizer) while the view is still opening. The connection's change lists it then.
    void this.connection.getWithoutStartingEmulator().then(
      (active) => active && this.options.models.current(),
      () => undefined,
    );
    this.showRules(await this.options.rules.current());
    await this.showCustomCommands();
  }

  private async showCustomCommands(): Promise<void> {
    const items = await this.options.customizations.items();
    this.post(customCommandsMessage(items));
    this.post(customAgentsMessage(items));
  }

  /** The settings the view shows changed. */
  showSettings(): void {
    this.post({ type: 'settings', settings: uiSettings(readSettings()) });
  }

  private showRules(list: RuleChip[]): void {
    this.post(ruleChipsMessage(list));
  }

  /** The connection as read when the view was attached, if nothing changed since; else read now. */
  private takeDescription(): Promise<Connection> {
    const described = this.describing ?? this.connection.describe();
    this.describing = undefined;
    return described;
  }

  private showModels(listing: ModelListing): void {
    for (const message of modelsMessages(listing)) this.post(message);
  }

  /** Every message from the view, already validated against the protocol. */
  async handle(message: WebviewMessage): Promise<void> {
    try {
      await this.router.route(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.options.log.error(`${message.type}: ${text}`);
      this.post({ type: 'notice', level: 'error', message: text });
    }
  }

  /**
   * Sends `text` in the conversation (a new one when `conversationId` is null), with the files
   * attached in the meantime; resolves when the reply ended.
   */
  send(conversationId: string | null, text: string, options?: Partial<SendOptions>): Promise<string> {
    return this.sendPath.send(conversationId, text, options);
  }

  // ChatFilesTarget: the file commands ("Explain This File", ...) send through the chat.

  async sendTurn(turn: FileTurn): Promise<void> {
    await vscode.commands.executeCommand(`svc.chat.focus`);
    const content = turn.userMessage.content;
    await this.sendPath.sendTurnIn(this.activeConversationId ?? null, { display: turn.display, context: turn.systemMessages, content }, this.options.identity.settings({ model: turn.model }));
  }

  showAttachments(chips: readonly AttachmentChip[]): void {
    this.options.notices.showAttachments(chips);
  }

  showNotice(notice: ChatNotice): void {
    this.options.notices.showNotice(notice);
  }

  selectModel(modelId: string): void {
    this.options.notices.selectModel(modelId);
  }

  async newConversation(): Promise<void> {
    await this.store.clearActive();
    await this.sendInit();
    this.post({ type: 'focusComposer' });
  }

  /** Stops the task or the reply running in the conversation; false when neither runs. */
  private stopIn(conversationId: string): boolean {
    if (this.options.agent.stop(conversationId)) return true;
    const replying = this.session.isBusy(conversationId);
    this.session.stop(conversationId);
    return replying;
  }

  /** Shows the conversation in the view, as choosing it in the list does. */
  private async switchTo(conversationId: string): Promise<void> {
    await this.store.setActive(conversationId);
    this.showConversation(conversationId);
  }

  stopActive(): void {
    if (this.activeConversationId) this.stopIn(this.activeConversationId);
  }

  /** "svc: Export Conversation": the active conversation, as Markdown, where the user chooses. */
  async exportConversation(): Promise<void> {
    const active = this.activeConversationId;
    await exportConversation(this.options.window, active ? this.store.get(active) : undefined);
  }

  /** Shows the conversation again when it is the one the view shows (after a change to it). */
  showConversation(conversationId: string): void {
    const conversation = this.store.get(conversationId);
    if (conversation && conversationId === this.activeConversationId) this.post({ type: 'conversation', conversation: conversationView(conversation) });
  }

  async connectionNow(): Promise<Connection> {
    return this.connection.describe();
  }

  focusComposer(): void {
    this.post({ type: 'focusComposer' });
  }

  dispose(): void {
    this.estimates.cancel();
    for (const s of this.subscriptions) s.dispose();
  }
}
