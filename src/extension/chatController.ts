// The host side of the chat view: routes each protocol message from the webview to the handler
// registered for its type, turns the chat session's events into protocol messages, and keeps the
// view's settings, connection banner and conversation list current. The webview only ever receives
// text and figures, never the key.
import * as vscode from 'vscode';
import { SvcApiError } from '../api/index';
import { ChatSession, type SessionEvent, type UserTurn } from '../core/chat/chatSession';
import type { RequestSettings } from '../core/requests/requestSettings';
import { systemClock } from '../core/clock';
import { exportConversation } from '../core/conversations/conversationExport';
import type { ConversationStore } from '../core/conversations/conversationStore';
import type { HostWindow } from '../core/host/hostWindow';
import type { TakeCheckpoint } from '../core/checkpoints/checkpointedTool';
import type { RuleSource } from '../core/rules/projectRules';
import { draftMentions, parseMentions, resolveMentions, type MentionSources } from '../core/context/mentions';
import { carriesRules, nestedRulesFor, nestedRulesMessage } from '../core/rules/nestedRules';
import { mentionCandidates } from '../core/context/mentionCandidates';
import { compactBeforeSending } from '../core/chat/autoCompaction';
import { checkpointedTurn } from '../core/chat/checkpointedTurn';
import { sendSurvivingDeletion } from '../core/chat/deletedConversationSend';
import type { WorkspaceRules } from './rules/workspaceRules';
import { CheckpointRestorer } from '../core/checkpoints/checkpointRestore';
import type { Checkpoints } from '../core/checkpoints/checkpoints';
import type { ModelListing, ServiceModels } from '../core/models/serviceModels';
import { DraftTokenEstimates } from '../core/tokens/draftTokenEstimate';
import type { EstimateClient } from '../core/tokens/tokenEstimator';
import { BalanceBlockedError } from '../core/billing/balanceView';
import type { AttachmentChip } from '../core/files/attachmentSession';
import type { ReplyCost } from '../core/billing/replyCost';
import type { Connection, HostMessage, SendOptions, WebviewMessage } from '../shared/protocol';
import { conversationView } from './chat/conversationView';
import { registerCheckpointHandlers } from './chat/handlers/checkpointHandlers';
import { registerCodeBlockHandlers } from './chat/handlers/codeBlockHandlers';
import { registerCompactionHandlers } from './chat/handlers/compactionHandlers';
import { registerConversationHandlers } from './chat/handlers/conversationHandlers';
import { registerHostActionHandlers } from './chat/handlers/hostActionHandlers';
import { registerReplyHandlers } from './chat/handlers/replyHandlers';
import { registerSettingsHandlers } from './chat/handlers/settingsHandlers';
import { modelView } from './chat/modelView';
import { StreamDeltaBatcher } from './chat/streamDeltaBatcher';
import { uiSettings } from './chat/uiSettings';
import { vscodeHostWindow } from './chat/vscodeHostWindow';
import { WebviewMessageRouter } from './chat/webviewMessageRouter';
import type { ProposedContentProvider } from './proposedContent';
import type { ChatFilesTarget, ChatNotice, FileFeatures, FileTurn } from './files/chatFilesBridge';
import { AttachmentController } from './files/attachmentController';
import type { ServiceConnection } from './serviceConnection';
import { onDidChangeSettings, readSettings, updateSetting } from './settings/settingsReader';
import { requestSettingsOf } from './settings/requestSettingsOf';
import type { AgentChatSurface, AgentController } from './agent/agentController';

export interface ChatViewPort {
  post(message: HostMessage): void;
  reveal(): Promise<void>;
}

function modelViews(listing: ModelListing) {
  return listing.models.map((m) => modelView(m.id, m.info));
}

/** The estimate endpoint before any connection is made: the estimator falls back to counting locally. */
const NOT_CONNECTED: EstimateClient = {
  estimateTokens: () => Promise.reject(new Error('not connected yet')),
};

export class ChatController implements vscode.Disposable, ChatFilesTarget {
  readonly session: ChatSession;
  private view: ChatViewPort | undefined;
  /** The connection's description, read when the view was attached, for its `init`. */
  private describing: Promise<Connection> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly router = new WebviewMessageRouter();
  private readonly estimates: DraftTokenEstimates;
  private files: FileFeatures | undefined;
  private agent: AgentController | undefined;
  private attachments: AttachmentController | undefined;
  private takeCheckpoint: TakeCheckpoint | undefined;
  private restorer: CheckpointRestorer | undefined;
  private rules: WorkspaceRules | undefined;
  private mentions: MentionSources | undefined;
  private showRules: (() => Promise<void>) | undefined;
  /** Text deltas that arrive in one event-loop turn reach the view as one message. */
  private readonly outbox = new StreamDeltaBatcher((message) => this.view?.post(message));

  constructor(
    private readonly store: ConversationStore,
    private readonly connection: ServiceConnection,
    proposals: ProposedContentProvider,
    private readonly log: vscode.LogOutputChannel,
    private readonly models: ServiceModels,
    /** The workspace's prompt_cache_key (agent/workspaceCacheKey), shared by chats and agent tasks. */
    promptCacheKey?: () => Promise<string>,
    private readonly window: HostWindow = vscodeHostWindow,
  ) {
    const client = async () => (await this.connection.get()).client;
    this.session = new ChatSession({
      client,
      store,
      clock: systemClock,
      ...(promptCacheKey ? { promptCacheKey } : {}),
      standingInstructions: async () => this.rules?.message(),
      tools: (conversationId, model) => this.agent?.toolsOf(conversationId, model) ?? [],
      onEvent: (event) => this.deliver(event),
    });
    // A draft's estimate never starts the local emulator (the view asks for one as soon as it opens): until a
    // connection is made, the draft is counted locally.
    const estimateClient = async () => (await this.connection.getWithoutStartingEmulator())?.client ?? NOT_CONNECTED;
    this.estimates = new DraftTokenEstimates(estimateClient, systemClock, (estimate) => this.post({ type: 'tokenEstimate', ...estimate }));
    const post = (message: HostMessage) => this.post(message);
    this.router.on('ready', async () => {
      await this.sendInit();
      await this.attachments?.restore();
      return this.agent?.viewReady();
    });
    registerReplyHandlers(this.router, {
      session: this.session,
      send: (conversationId, text, options) => this.send(conversationId, text, options),
      stop: (conversationId) => this.stopIn(conversationId),
      replySettings: () => this.replySettings(),
      beforeEditAndResend: async (conversationId, messageId) => this.restorer?.offerFilesOnEdit(conversationId, messageId),
    });
    registerConversationHandlers(this.router, {
      store,
      replies: this.session,
      window,
      post,
      newConversation: () => this.newConversation(),
      sendInit: () => this.sendInit(),
      showConversation: (id) => this.showConversation(id),
    });
    registerSettingsHandlers(this.router, {
      store,
      estimates: this.estimates,
      models,
      post,
      instructions: async () => this.rules?.message(),
      mentions: async (draft) => (this.mentions ? draftMentions(draft, this.mentions) : []), attachedText: () => this.files?.attachedText() ?? [],
    });
    registerCodeBlockHandlers(this.router, proposals);
    registerCompactionHandlers(this.router, { store, session: this.session, client, post, showConversation: (id) => this.showConversation(id) });
    registerHostActionHandlers(this.router, client, window);
    this.subscriptions.push(
      store.onDidChange(() => this.post({ type: 'conversations', conversations: store.list() })),
      connection.onDidChange((c) => {
        this.describing = undefined;
        this.post({ type: 'connection', connection: c });
        void models.refresh();
      }),
      models.onDidChange((listing) => this.showModels(listing)),
      onDidChangeSettings(() => this.post({ type: 'settings', settings: uiSettings(readSettings()) })),
    );
  }

  attach(view: ChatViewPort | undefined): void {
    this.view = view;
    // The page takes seconds to load; what `init` needs from SecretStorage is read meanwhile, not after `ready`.
    this.describing = view ? this.connection.describe() : undefined;
    this.describing?.catch(() => undefined);
  }

  /** Attachments, the balance check before sending and the cost after each reply (the file features). */
  useFileFeatures(files: FileFeatures): void {
    this.files = files;
    this.attachments = new AttachmentController(files, (m) => this.post(m));
    this.attachments.register(this.router);
  }

  /** Agent tasks (Agent mode, approvals, undo) run in this view's conversation. */
  useAgent(agent: AgentController): void {
    this.agent = agent;
    agent.register(this.router);
  }

  agentSurface(): AgentChatSurface {
    return {
      post: (message) => this.post(message),
      activeConversationId: () => this.activeConversationId,
    };
  }

  /** The conversation the view shows; undefined for a new chat not sent yet. */
  get activeConversationId(): string | undefined {
    return this.store.activeConversationId;
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
      if (event.conversation.id === this.activeConversationId) this.post({ type: 'conversation', conversation: conversationView(event.conversation) });
      return;
    }
    if (event.type === 'replyFailed') this.log.warn(`Reply failed (${event.error.kind}): ${event.error.message}`);
    this.post(event);
    if (cost && event.type === 'replyFinished') this.attachments?.showCost(event.conversationId, event.messageId, cost);
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
      models: modelViews(this.models.known()),
    });
    // With no key the list waits for the first request: listing now would start the local emulator (its
    // bundle and the tokenizer) while the view is still opening. The connection's change lists it then.
    void this.connection.getWithoutStartingEmulator().then(
      (active) => active && this.models.current(),
      () => undefined,
    );
    await this.showRules?.();
  }

  /** The connection as read when the view was attached, if nothing changed since; else read now. */
  private takeDescription(): Promise<Connection> {
    const described = this.describing ?? this.connection.describe();
    this.describing = undefined;
    return described;
  }

  private showModels(listing: ModelListing): void {
    this.post({ type: 'models', models: modelViews(listing) });
    if (listing.source === 'catalogue') {
      this.post({ type: 'notice', level: 'warning', message: `The service's model list could not be read (${listing.problem ?? 'no answer'}): the picker shows the built-in catalogue.` });
    }
  }

  /** Every message from the view, already validated against the protocol. */
  async handle(message: WebviewMessage): Promise<void> {
    try {
      await this.router.route(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.log.error(`${message.type}: ${text}`);
      this.post({ type: 'notice', level: 'error', message: text });
    }
  }

  private replySettings(choices?: Partial<SendOptions>): RequestSettings {
    return requestSettingsOf(readSettings(), { machineId: vscode.env.machineId, choices });
  }

  /**
   * Sends `text` in the conversation (a new one when `conversationId` is null), with the files
   * attached in the meantime; resolves when the reply ended.
   */
  async send(conversationId: string | null, text: string, options?: Partial<SendOptions>): Promise<string> {
    const settings = this.replySettings(options);
    let turn: UserTurn = { display: text, context: [], content: text };
    if (this.files) {
      await this.assertBalanceAllowsSending();
      const taken = await this.files.takeTurn({ model: settings.model, text });
      for (const left of [...taken.omitted.map((o) => ({ name: o.name, reason: o.error ?? 'extraction failed' })), ...taken.refused]) {
        this.showNotice({ severity: 'warning', text: `${left.name} was not sent: ${left.reason}` });
      }
      turn = { display: text, context: taken.systemMessages, content: taken.userMessage.content, attachments: taken.attached };
    }
    return this.sendTurnIn(conversationId, await this.withMentions(conversationId, turn), settings);
  }

  /**
   * The turn with its @-mentions resolved before it, preceded by the rules of the subfolders it mentions
   * that the conversation has not been sent yet; each mention that could not be resolved is said in the chat.
   */
  private async withMentions(conversationId: string | null, turn: UserTurn): Promise<UserTurn> {
    const mentions = this.mentions ? parseMentions(turn.display) : [];
    if (!this.mentions || mentions.length === 0) return turn;
    const resolved = await resolveMentions(mentions, this.mentions);
    for (const problem of resolved.problems) this.showNotice({ severity: 'warning', text: `${problem.raw} was not sent: ${problem.reason}` });
    const earlier = (conversationId ? this.store.get(conversationId)?.entries : undefined)?.flatMap((e) => (e.role === 'user' ? (e.context ?? []) : [])) ?? [];
    const paths = mentions.filter((m) => m.kind === 'path').map((m) => m.value);
    const nested = this.rules && paths.length > 0 ? await nestedRulesFor(paths, this.rules.nested, (label) => carriesRules(earlier, label)) : [];
    for (const rule of nested) this.showNotice({ severity: 'info', text: `The rules of ${rule.label} apply to this message.` });
    return { ...turn, context: [...nested.map(nestedRulesMessage), ...resolved.messages, ...turn.context] };
  }

  private sendTurnIn(conversationId: string | null, turn: UserTurn, settings: RequestSettings): Promise<string> {
    // A conversation another window deleted, before or while this message is sent, gets it as a new one.
    const fallback = { store: this.store, systemPrompt: readSettings().systemPrompt, notice: (text: string) => this.showNotice({ severity: 'info', text }) };
    return sendSurvivingDeletion(fallback, conversationId, (id) => this.sendTurnInto(id, turn, settings));
  }

  private async sendTurnInto(id: string, turn: UserTurn, settings: RequestSettings): Promise<void> {
    await this.store.setActive(id);
    const compacted = await compactBeforeSending(
      { store: this.store, client: async () => (await this.connection.get()).client, clock: systemClock, notice: (level, message) => this.post({ type: 'notice', level, message }) },
      id,
      { text: turn.display, model: settings.model, maxCompletionTokens: settings.maxCompletionTokens, threshold: readSettings().compactionThreshold },
    );
    if (compacted) this.showConversation(id);
    await this.session.sendTurn(id, checkpointedTurn(turn, this.takeCheckpoint), settings);
  }

  /** @-mentions: resolved into the turn when it is sent, and the completion list's candidates. */
  useMentions(sources: MentionSources, workspaceFiles: () => Promise<string[]>): void {
    this.mentions = sources;
    this.router.on('mentionCandidates', async (message) => {
      this.post({ type: 'mentionCandidates', requestId: message.requestId, candidates: mentionCandidates(message.query, await workspaceFiles()) });
    });
  }

  /** Project rules in every request, shown above the composer; the view opens a listed rules file. */
  useRules(rules: WorkspaceRules): void {
    this.rules = rules;
    const show = (list: RuleSource[]) => this.post({ type: 'rules', rules: list.map((r) => ({ label: r.label, scope: r.scope, ...(r.path ? { path: r.path } : {}) })) });
    this.subscriptions.push(rules.onDidChange(show));
    this.router.on('openRules', async (message) => {
      if (!rules.isRulesFile(message.path)) throw new Error(`${message.path} is not a rules file of this window.`);
      await vscode.window.showTextDocument(vscode.Uri.file(message.path));
    });
    this.showRules = async () => show(await rules.current());
  }

  /** Checkpoints before each message, and the view's compare and restore buttons. */
  useCheckpoints(checkpoints: Checkpoints, take: TakeCheckpoint, proposals: ProposedContentProvider): CheckpointRestorer {
    this.takeCheckpoint = take;
    const restorer = new CheckpointRestorer(this.store, checkpoints, this.window);
    this.restorer = restorer;
    registerCheckpointHandlers(this.router, { store: this.store, checkpoints, restorer, proposals, post: (m) => this.post(m), showConversation: (id) => this.showConversation(id) });
    return restorer;
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
    await this.sendTurnIn(this.activeConversationId ?? null, { display: turn.display, context: turn.systemMessages, content }, this.replySettings({ model: turn.model }));
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

  async newConversation(): Promise<void> {
    await this.store.clearActive();
    await this.sendInit();
    this.post({ type: 'focusComposer' });
  }

  private stopIn(conversationId: string): void {
    if (this.agent?.stop(conversationId)) return;
    this.session.stop(conversationId);
  }

  stopActive(): void {
    if (this.activeConversationId) this.stopIn(this.activeConversationId);
  }

  /** "svc: Export Conversation": the active conversation, as Markdown, where the user chooses. */
  async exportConversation(): Promise<void> {
    const active = this.activeConversationId;
    await exportConversation(this.window, active ? this.store.get(active) : undefined);
  }

  /** Shows the conversation again when the view shows it (after a change made outside the view). */
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
