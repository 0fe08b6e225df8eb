// The chat view: lays out the parts, applies host messages to them and turns user actions into
// protocol messages. Streamed deltas go straight to the one streaming message, the first after a quiet
// frame's time at once and the rest joined until the frame (DeltaCoalescer); nothing else is re-rendered
// while a reply streams.
import { setReviewCounts } from './components/agentReviewCounts';
import type { ConversationSummary, ConversationView, ErrorInfo, HostMessage, HostMessageOf, ModelView, SendOptions, UiSettings } from '../shared/protocol';
import { DeltaCoalescer } from './deltaCoalescer';
import { el } from './dom';
import type { HostBridge } from './hostBridge';
import { MarkdownRenderer } from './markdownRenderer';
import { ModelList } from './modelList';
import { AssistantMessage } from './components/assistantMessage';
import { ApprovalArea } from './components/approvalArea';
import { AttachmentTray } from './components/attachmentTray';
import { ProcessList } from './components/processList';
import { PinnedPlan } from './components/pinnedPlan';
import { RulesChips } from './components/rulesChips';
import { runSlashCommand } from './slashCommands';
import { composerMessage } from './composerSend';
import { FileNotices } from './components/fileNotices';
import { ReplyCosts } from './components/replyCosts';
import { Composer } from './components/composer';
import { hostedConversationList, type ConversationList } from './components/conversationList';
import type { MessageContext } from './components/messageContext';
import { ChatToolbar } from './components/chatToolbar';
import { MessageList } from './components/messageList';
import { NoticeArea } from './components/noticeArea';
import { StatusBanner } from './components/statusBanner';
import { DeltaKeys } from './deltaKeys';
import { FindBar } from './find/findBar';
import { withEarlierMessages, withHeldMessages } from './heldMessages';
import { warmUpInIdleTime } from './idleWarmUp';
import { readWebviewState, type WebviewState } from './webviewState';

/** A frame at 60 Hz: a delta later than this after the last one is rendered at once, not at the next frame. */
const QUIET_MS = 16;

const DEFAULT_SETTINGS: UiSettings = { model: '', thinking: true, jsonMode: false, showReasoning: 'collapsed', choiceCount: 1 };

export class ChatApp {
  private readonly renderer = new MarkdownRenderer();
  private readonly models = new ModelList();
  private readonly banner: StatusBanner;
  private readonly conversationList: ConversationList;
  private readonly messages: MessageList;
  private readonly composer: Composer;
  private readonly notices = new NoticeArea((message) => this.host.post(message));
  private readonly approvals: ApprovalArea;
  private readonly attachments: AttachmentTray;
  private readonly rules: RulesChips;
  private readonly processes: ProcessList;
  private readonly pinnedPlan = new PinnedPlan();
  private readonly fileNotices = new FileNotices();
  private readonly replyCosts: ReplyCosts;
  private readonly find: FindBar;
  private readonly toolbar: ChatToolbar;
  private readonly coalescer: DeltaCoalescer<string>;
  private readonly deltaKeys = new DeltaKeys();
  private state: WebviewState;
  private settings: UiSettings = DEFAULT_SETTINGS;
  private active: ConversationView | null = null;
  private conversations: ConversationSummary[] = [];
  private estimateRequestId: string | undefined;
  /** What was typed after the @ for each candidates request in flight. */
  private readonly mentionQueries = new Map<string, string>();
  private searchRequestId: string | undefined;

  constructor(private readonly host: HostBridge, private readonly root: HTMLElement) {
    this.state = readWebviewState(host.getState());
    // The message list keeps the growing reply in view itself (after layout).
    this.coalescer = new DeltaCoalescer<string>(
      (callback) => requestAnimationFrame(callback),
      (key, text) => this.deliver(key, text),
      { now: () => performance.now(), quietMs: QUIET_MS },
    );
    this.banner = new StatusBanner((action) => host.post({ type: 'runAction', action }));
    this.conversationList = hostedConversationList(host, {
      search: (query) => {
        this.searchRequestId = host.nextRequestId();
        host.post({ type: 'searchConversations', requestId: this.searchRequestId, query });
      },
      openChanged: (open) => {
        this.toolbar.listOpened(open);
        this.saveState({ conversationListOpen: open });
      },
    }, this.state.conversationListOpen);
    this.messages = new MessageList(
      (conversationId) => this.messageContext(conversationId),
      (href) => host.post({ type: 'openLink', href }),
      (action, code, language) => {
        if (action === 'copy') host.post({ type: 'copy', text: code });
        else if (action === 'insert') host.post({ type: 'insertAtCursor', text: code });
        else host.post({ type: 'applyCodeBlock', code, ...(language !== '' ? { language } : {}) });
      },
      () => {
        this.replyCosts.apply();
        this.find.highlight();
      },
    );
    this.find = new FindBar(this.messages, () => this.messages.element.focus());
    this.composer = new Composer({
      send: (text, options) => this.send(text, options),
      stop: () => this.stop(),
      setModel: (model) => this.useModel(model),
      setThinking: (enabled) => host.post({ type: 'setThinking', enabled }),
      setJsonMode: (enabled) => host.post({ type: 'setJsonMode', enabled }),
      setChoiceCount: (choiceCount) => host.post({ type: 'setChoiceCount', choiceCount }),
      requestEstimate: (draft, model) => {
        this.estimateRequestId = host.nextRequestId();
        host.post({ type: 'estimateTokens', requestId: this.estimateRequestId, conversationId: this.active?.id ?? null, draft, model });
      },
      draftChanged: (draft) => this.saveState({ draft }),
      lastMessage: () => this.active?.messages.findLast((m) => m.role === 'user')?.content,
      requestMentions: (query) => {
        const requestId = host.nextRequestId();
        this.mentionQueries.set(requestId, query);
        host.post({ type: 'mentionCandidates', requestId, query });
      },
    }, this.models, this.state.draft);
    this.rules = new RulesChips((message) => host.post(message));
    this.attachments = new AttachmentTray({
      post: (message) => host.post(message),
      useModel: (model) => this.useModel(model),
    }, this.models);
    this.processes = new ProcessList((message) => host.post(message));
    this.composer.element.prepend(this.pinnedPlan.element, this.processes.element, this.rules.element, this.attachments.element);
    this.attachments.acceptFrom(this.composer.element);
    this.replyCosts = new ReplyCosts(this.root);
    this.toolbar = new ChatToolbar({
      toggleList: () => this.conversationList.setOpen(!this.conversationList.isOpen),
      find: () => this.find.open(),
      newChat: () => host.post({ type: 'newConversation' }),
      exportActive: () => this.active && this.host.post({ type: 'exportConversation', requestId: this.host.nextRequestId(), conversationId: this.active.id }),
    }, this.state.conversationListOpen);
    this.root.replaceChildren(el('div', { className: 'chat' }, [this.banner.element, this.toolbar.element, this.conversationList.element, this.find.element, this.messages.element, this.fileNotices.element, this.notices.element, this.composer.element]));
    this.approvals = new ApprovalArea((message) => host.post(message));
    this.messages.element.after(this.approvals.element);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.messages.streamingMessage()) {
        event.preventDefault();
        this.stop();
      } else this.find.openOnShortcut(event);
    });
  }

  start(): void {
    this.host.listen((message) => this.handle(message));
    this.host.post({ type: 'ready' });
    warmUpInIdleTime(this.renderer, (message) => this.messages.rehearse(message, { ...this.messageContext('warm-up'), post: () => undefined }));
  }

  private handle(message: HostMessage): void {
    switch (message.type) {
      case 'init':
        this.conversations = message.conversations;
        this.applySettings(message.settings);
        this.banner.show(message.connection);
        this.setModels(message.models);
        this.showConversation(message.active);
        return;
      case 'conversations':
        this.conversations = message.conversations;
        this.conversationList.setConversations(message.conversations, this.active?.id);
        return;
      case 'sessions':
        this.conversationList.setSessions(message.sessions);
        this.toolbar.showWaiting(message.sessions.filter((session) => session.state === 'waiting').length);
        return;
      case 'conversation':
        this.showConversation(withHeldMessages(this.active, message.conversation));
        return;
      case 'earlierMessages':
        this.addEarlierMessages(message);
        return;
      case 'settings':
        this.applySettings(message.settings);
        return;
      case 'connection':
        this.banner.show(message.connection);
        return;
      case 'replyStarted':
        this.replyStarted(message);
        return;
      case 'reasoningDelta':
        this.messages.assistant(message.messageId)?.countReasoningDeltas(message.choiceIndex, message.count ?? 1);
        this.coalescer.push(this.deltaKeys.key(message.messageId, message.choiceIndex, 'reasoning'), message.text);
        return;
      case 'contentDelta':
        this.coalescer.push(this.deltaKeys.key(message.messageId, message.choiceIndex, 'content'), message.text);
        return;
      case 'toolCallDelta':
        this.coalescer.flush();
        this.messages.assistant(message.messageId)?.toolCallDelta(message.choiceIndex, message.index, message.id, message.name, message.argumentsDelta);
        return;
      case 'replyFinished':
        this.coalescer.flush();
        this.messages.assistant(message.messageId)?.finish(message.status, message.finishReasons, message.usage, message.speed);
        this.replyEnded(message.totals, message.time);
        return;
      case 'replyFailed':
        this.replyFailed(message);
        return;
      case 'tokenEstimate':
        if (message.requestId === this.estimateRequestId) {
          this.composer.showEstimate(message.tokens, message.contextLength, message.unavailableReason, {
            ...(message.breakdown ? { breakdown: message.breakdown } : {}),
            ...(message.cachedTokens !== undefined ? { cachedTokens: message.cachedTokens } : {}),
            mentions: message.mentions ?? [],
            ...(message.compaction ? { compaction: message.compaction } : {}),
          });
        }
        return;
      case 'models':
        this.setModels(message.models);
        return;
      case 'searchResults':
        if (message.requestId === this.searchRequestId) this.conversationList.showSearchResults(message.results);
        return;
      case 'exportResult':
        this.notices.show(message.ok ? 'info' : 'error', message.message);
        return;
      case 'focusComposer':
        this.composer.focus();
        return;
      case 'insertIntoComposer':
        this.composer.insert(message.text);
        return;
      case 'notice':
        this.notices.show(message.level, message.message, message.undoRestoreOf);
        return;
      case 'approvalRequest':
        this.approvals.ask(message);
        return;
      case 'approvalSettled':
        this.approvals.settle(message.requestId);
        return;
      case 'processes':
        this.processes.set(message.conversationId, message.processes);
        return;
      case 'attachments':
        this.attachments.setChips(message.chips);
        return this.composer.refreshEstimate(); // an attached file's text counts in the estimate as soon as it is ready
      case 'rules':
        return this.rules.set(message.rules);
      case 'customCommands':
        return this.composer.setCustomCommands(message.commands);
      case 'customAgents':
        return this.composer.setCustomAgents(message.agents);
      case 'mentionCandidates': {
        const query = this.mentionQueries.get(message.requestId);
        this.mentionQueries.delete(message.requestId);
        if (query !== undefined) this.composer.showMentions(query, message.candidates);
        return;
      }
      case 'replyCost':
        this.replyCosts.record(message.messageId, message.label, message.usd);
        return;
      case 'fileNotice':
        this.fileNotices.show(message.level, message.message);
        return;
      case 'agentReview':
        setReviewCounts(message);
        return;
      case 'taskMode':
        return this.composer.showMode(message.mode, message.agent);
    }
  }

  private addEarlierMessages(part: HostMessageOf<'earlierMessages'>): void {
    const joined = withEarlierMessages(this.active, part);
    if (!joined) return;
    this.active = joined;
    this.messages.show(joined);
    this.find.refresh();
  }

  private showConversation(conversation: ConversationView | null): void {
    const switched = conversation?.id !== this.active?.id;
    // A new chat getting its id on first send keeps the notices about that send.
    if (switched && this.active) this.fileNotices.clear();
    this.active = conversation;
    this.processes.show(conversation?.id);
    this.pinnedPlan.show(conversation);
    this.toolbar.show(conversation);
    this.messages.show(conversation);
    this.find.refresh();
    this.conversationList.setConversations(this.conversations, conversation?.id);
    this.composer.setBusy(this.messages.streamingMessage() !== undefined);
    if (switched) this.composer.refreshEstimate();
    // A message refused before it was sent (the host's request validation) comes back as a failed reply.
    const last = conversation?.messages[conversation.messages.length - 1];
    if (last?.role === 'assistant' && last.status === 'failed' && last.error) this.restoreRefusedInput(last.error);
  }

  /** Gives the sent text back when the fix is to change it (too long, a refused field); the draft is never lost. */
  private restoreRefusedInput(error: ErrorInfo): void {
    const pending = this.state.pendingSend;
    if (pending === undefined) return;
    if ((error.action === 'shortenInput' || error.action === 'fixRequest') && this.composer.text === '') this.composer.setText(pending);
    this.saveState({ pendingSend: undefined });
  }

  private replyStarted(message: HostMessageOf<'replyStarted'>): void {
    if (message.conversationId !== this.active?.id) return;
    const reply = AssistantMessage.streaming(message.messageId, message.model, message.choiceCount, this.messageContext(message.conversationId));
    this.messages.addStreaming(reply);
    this.composer.setBusy(true);
  }

  private replyFailed(message: HostMessageOf<'replyFailed'>): void {
    this.coalescer.flush();
    const reply = this.messages.assistant(message.messageId);
    if (reply) reply.fail(message.error, message.status);
    else if (message.conversationId === this.active?.id) this.messages.addFailed(message.messageId, this.settings.model, message.error, this.messageContext(message.conversationId));
    this.composer.setBusy(this.messages.streamingMessage() !== undefined);
    if (message.status === 'failed') this.restoreRefusedInput(message.error);
    else this.saveState({ pendingSend: undefined });
  }

  private replyEnded(totals: ConversationView['totals'], time: ConversationView['time']): void {
    this.saveState({ pendingSend: undefined });
    if (this.active) {
      this.active = { ...this.active, totals, ...(time ? { time } : {}) };
      this.toolbar.showTotals(this.active);
    }
    this.composer.setBusy(this.messages.streamingMessage() !== undefined);
    this.composer.refreshEstimate();
  }

  private send(text: string, options: SendOptions): boolean {
    if (this.messages.streamingMessage() || !this.attachments.allowsSend(options.model)) return false;
    const command = runSlashCommand(text, { host: this.host, conversationId: this.active?.id ?? null, options, ...this.composer.slashContext(), notify: (level, message) => this.notices.show(level, message) });
    if (command !== undefined) return command;
    this.saveState({ pendingSend: text, draft: '' });
    this.host.post(composerMessage(this.composer.sendMode, this.active?.id ?? null, text, options, this.composer.sendAgent));
    return true;
  }

  /** The model chosen in the picker or offered by an attachment the current model cannot read. */
  private useModel(model: string): void {
    this.settings = { ...this.settings, model };
    this.host.post({ type: 'setModel', model });
    this.attachments.setModel(model);
  }

  /** Stops at once: what arrived is shown, later deltas are dropped; the host confirms with replyFinished. */
  private stop(): void {
    const streaming = this.messages.streamingMessage();
    if (!this.active || !streaming) return;
    this.host.post({ type: 'stop', conversationId: this.active.id });
    this.coalescer.flush();
    streaming.markStopped();
    this.composer.setBusy(false);
    this.composer.focus();
  }

  private deliver(key: string, text: string): void {
    const delta = this.deltaKeys.field(key);
    if (!delta) return;
    const message = this.messages.assistant(delta.messageId);
    if (delta.field === 'reasoning') message?.appendReasoning(delta.choiceIndex, text);
    else message?.appendContent(delta.choiceIndex, text);
  }

  private messageContext(conversationId: string): MessageContext {
    return {
      renderer: this.renderer,
      conversationId,
      showReasoning: () => this.settings.showReasoning,
      post: (message) => this.host.post(message),
      busy: () => this.messages.streamingMessage() !== undefined,
      reviseInput: (replyId) => {
        const prompt = this.messages.promptBefore(replyId);
        if (prompt !== undefined && this.composer.text === '') this.composer.setText(prompt);
        this.composer.focus();
      },
    };
  }

  private applySettings(settings: UiSettings): void {
    const reasoningChanged = settings.showReasoning !== this.settings.showReasoning;
    this.settings = settings;
    this.composer.setSettings(settings);
    this.attachments.setModel(settings.model);
    if (reasoningChanged) this.messages.setShowReasoning(settings.showReasoning);
    this.composer.refreshEstimate();
  }

  private setModels(models: ModelView[]): void {
    this.models.set(models);
    if (models.length === 0) this.host.post({ type: 'listModels', requestId: this.host.nextRequestId() });
  }

  private saveState(change: Partial<WebviewState>): void {
    this.state = { ...this.state, ...change };
    this.host.setState(this.state);
  }
}
