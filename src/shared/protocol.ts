// The one typed protocol between the extension host and the chat webview. Both sides validate every
// message on arrival with these schemas (a webview can be fed stale or foreign messages, a host can be
// sent anything by a compromised page), so the types are inferred from the schemas, never written twice.
//
// Conventions: every message has a `type`. When the webview asks for something and needs the answer
// (token estimate, model list, search, export), it sends a `requestId` and the host answers with a
// message carrying the same `requestId`. Everything else is fire-and-forget; the host reflects the
// outcome by sending updated state.
//
// Streaming order for one reply: `conversation` (with the new user message), `replyStarted` (creates the
// assistant message), deltas, then exactly one of `replyFinished` / `replyFailed`.
//
// The page the host serves: an empty <body>, with `dist/webview.css` and `dist/webview.js` written into it
// under the page's nonce (src/extension/webviewAssets.ts). The styles name the codicon font, which the build
// writes beside them, so the CSP needs `font-src ${webview.cspSource}`. The script builds the whole DOM.
//
// The shapes the messages carry are in viewShapes.ts; they are exported from here too, so each side
// imports the protocol from this one module.
import * as z from 'zod/mini';
import {
  ApprovalDecisionSchema,
  AttachmentChipViewSchema,
  ConnectionSchema,
  ConversationSummarySchema,
  ConversationViewSchema,
  MessageViewSchema,
  CountSchema,
  ErrorInfoSchema,
  FinishReasonSchema,
  IdSchema,
  MAX_CHOICES,
  MentionChipViewSchema,
  ModelViewSchema,
  ReplySpeedViewSchema,
  TimeTotalsViewSchema,
  PastedFileSchema,
  SendOptionsSchema,
  UiSettingsSchema,
  UsageViewSchema,
} from './viewShapes';
import { sessionHostMessages, sessionWebviewMessages } from './sessionMessages';

export * from './viewShapes';
export { SessionStateSchema, SessionViewSchema, type SessionStateView, type SessionView } from './sessionMessages';

const id = IdSchema;
const count = CountSchema;

const attachmentHostMessages = [
  /** Every chip of the message being written, in order; an empty list clears them (after send). */
  z.object({ type: z.literal('attachments'), chips: z.array(AttachmentChipViewSchema) }),
  /** What reply `messageId` cost, shown on its usage line; `usd` only with a configured price table. */
  z.object({ type: z.literal('replyCost'), conversationId: id, messageId: id, label: z.string().check(z.minLength(1)), usd: z.nullable(z.number().check(z.nonnegative())) }),
  /** A lasting line in the chat (an extraction failure, a file left out, uploads deleted to stay in limits). */
  z.object({ type: z.literal('fileNotice'), level: z.enum(['info', 'warning', 'error']), message: z.string().check(z.minLength(1)) }),
] as const;

const attachmentWebviewMessages = [
  z.object({ type: z.literal('removeAttachment'), chipId: id }),
  /** Pasted (or dropped from outside VS Code) files, read in the webview. */
  z.object({ type: z.literal('attachPasted'), files: z.array(PastedFileSchema).check(z.minLength(1)) }),
  /** Files dropped from the explorer or an editor tab: the text/uri-list entries. */
  z.object({ type: z.literal('attachUris'), uris: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)) }),
  /** workspace: the workspace file quick pick; disk: an open dialog for images and files anywhere. */
  z.object({ type: z.literal('pickAttachments'), from: z.enum(['workspace', 'disk']) }),
] as const;

// ---------------------------------------------------------------- agent tasks: messages
// While a task runs, the host sends the live conversation (`conversation`) on every tool event and
// streams each step's text with reasoningDelta/contentDelta; the newest step is `streaming` until the
// task ends, so the stop button and Escape stop the task. An approval is asked inline with
// approvalRequest and withdrawn with approvalSettled once answered (here or in a notification).

const mentionHostMessages = [
  z.object({
    type: z.literal('mentionCandidates'),
    requestId: id,
    candidates: z.array(z.object({ value: z.string(), kind: z.enum(['file', 'folder', 'problems', 'selection', 'terminal', 'git', 'url']), detail: z.string() })),
  }),
] as const;

const rulesHostMessages = [
  /**
   * The project rules every request carries now (after a rules file or the setting changed, and on init), and the
   * customization files the user must look at: `warning` says what is wrong (a file with invalid front matter is not used).
   */
  z.object({
    type: z.literal('rules'),
    rules: z.array(z.object({ label: z.string().check(z.minLength(1)), path: z.optional(z.string()), scope: z.enum(['user', 'workspace']), warning: z.optional(z.string()) })),
  }),
  /** The skills and prompt files the user can run as `/name`, for the completion list: what each does and where it comes from. */
  z.object({
    type: z.literal('customCommands'),
    commands: z.array(
      z.object({
        name: z.string().check(z.regex(/^[A-Za-z0-9][\w-]*$/)),
        kind: z.enum(['skill', 'prompt']),
        description: z.string(),
        /** The location as the user reads it: ".github/prompts", "~/.claude/skills". */
        origin: z.string(),
        argumentHint: z.optional(z.string()),
      }),
    ),
  }),
  /** The custom agents the mode picker offers after the built-in modes: each name once, what it is for and where it comes from. */
  z.object({
    type: z.literal('customAgents'),
    agents: z.array(z.object({ name: z.string().check(z.minLength(1)), description: z.string(), origin: z.string() })),
  }),
] as const;

const agentHostMessages = [
  /** A task starts (from the composer, a command or the demo) in the conversation it makes active: the mode picker shows its mode. */
  z.object({ type: z.literal('taskMode'), mode: z.enum(['plan', 'agent']), agent: z.optional(z.string()) }),
  z.object({
    type: z.literal('approvalRequest'),
    requestId: id,
    conversationId: id,
    kind: z.enum(['edit', 'move', 'delete', 'command', 'charged-tool', 'read-secret', 'send-data', 'run-code', 'external-tool', 'run-hook']),
    title: z.string(),
    detail: z.string(),
    warning: z.optional(z.string()),
    /** False where every occurrence must be asked (shell commands). */
    allowAlways: z.boolean(),
  }),
  z.object({ type: z.literal('approvalSettled'), requestId: id }),
  /**
   * The processes the task in `conversationId` has running (commands started in the background or past
   * their time limit), oldest first; an empty list once none runs. Each running one has a Stop button
   * (stopProcess). A stopped one is listed when it left processes the system would not end, named by
   * pid and command line (`leftRunning`).
   */
  z.object({
    type: z.literal('processes'),
    conversationId: id,
    processes: z
      .array(
        z.object({
          id,
          command: z.string(),
          cwd: z.string(),
          background: z.boolean(),
          running: z.optional(z.boolean()),
          leftRunning: z.optional(z.array(z.object({ pid: count, commandLine: z.string() })).check(z.maxLength(20))),
        }),
      )
      .check(z.maxLength(100)),
  }),
  /**
   * How many of the agent's changes are left to review in the editor, over every task of this window, and
   * per file (by the name a task's summary lists it under), so each summary counts only its own files.
   */
  z.object({ type: z.literal('agentReview'), hunks: count, files: count, byFile: z.optional(z.record(z.string(), count)) }),
] as const;

const agentWebviewMessages = [
  /** Runs `text` as an agent task (the composer's Agent mode); conversationId null starts a new conversation. */
  z.object({
    type: z.literal('runAgentTask'),
    conversationId: z.nullable(id),
    text: z.string().check(z.minLength(1)),
    options: SendOptionsSchema,
    /** plan: read-only tools, and the answer is a plan card to approve (Plan mode); absent: Agent mode. */
    mode: z.optional(z.enum(['plan'])),
    /** A custom agent the host listed in `customAgents`: its instructions and only its tools. */
    agent: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
  /** Starts `text` as a background task in a git worktree (the composer's "Run in background"). */
  z.object({ type: z.literal('startBackgroundTask'), text: z.string().check(z.minLength(1)), options: SendOptionsSchema }),
  /** The plan of message `messageId` approved, as the user edited its steps: it runs as an agent task. */
  z.object({ type: z.literal('approvePlan'), conversationId: id, messageId: id, steps: z.array(z.string()).check(z.minLength(1), z.maxLength(100)) }),
  z.object({ type: z.literal('rejectPlan'), conversationId: id, messageId: id }),
  z.object({ type: z.literal('approvalAnswer'), requestId: id, decision: ApprovalDecisionSchema }),
  /** Opens VS Code's diff of `path` as it was before task `taskId` against the file now. */
  z.object({ type: z.literal('openAgentDiff'), taskId: id, path: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('undoAgentTask'), taskId: id }),
  /** Opens the first file with agent changes left to review, at its first change. */
  z.object({ type: z.literal('openAgentReview') }),
  /** Stops process `processId` (p1, p2, …) of the task running in `conversationId`. */
  z.object({ type: z.literal('stopProcess'), conversationId: id, processId: z.string().check(z.minLength(1), z.maxLength(20)) }),
] as const;

// ---------------------------------------------------------------- host -> webview

const streamRef = { conversationId: id, messageId: id };

export const HostMessageSchema = z.discriminatedUnion('type', [
  /** Sent in answer to `ready` and whenever the whole picture changes (switch, delete, reload). */
  z.object({
    type: z.literal('init'),
    conversations: z.array(ConversationSummarySchema),
    active: z.nullable(ConversationViewSchema),
    settings: UiSettingsSchema,
    connection: ConnectionSchema,
    models: z.array(ModelViewSchema),
  }),
  z.object({ type: z.literal('conversations'), conversations: z.array(ConversationSummarySchema) }),
  z.object({ type: z.literal('conversation'), conversation: ConversationViewSchema }),
  /** Messages `firstIndex`… of a conversation posted as its newest part first; parts come newest first. */
  z.object({ type: z.literal('earlierMessages'), conversationId: id, firstIndex: count, messages: z.array(MessageViewSchema) }),
  z.object({ type: z.literal('settings'), settings: UiSettingsSchema }),
  z.object({ type: z.literal('connection'), connection: ConnectionSchema }),

  // Streaming of one assistant reply. The user message is already in the conversation (sent before).
  z.object({ type: z.literal('replyStarted'), ...streamRef, model: z.string(), choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)) }),
  z.object({
    type: z.literal('reasoningDelta'),
    ...streamRef,
    choiceIndex: count,
    text: z.string(),
    /** How many service deltas the host joined into this one (1 when absent); the view counts them as tokens. */
    count: z.optional(z.number().check(z.int(), z.minimum(1))),
  }),
  z.object({ type: z.literal('contentDelta'), ...streamRef, choiceIndex: count, text: z.string() }),
  z.object({
    type: z.literal('toolCallDelta'),
    ...streamRef,
    choiceIndex: count,
    index: count,
    id: z.optional(z.string()),
    name: z.optional(z.string()),
    argumentsDelta: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('replyFinished'),
    ...streamRef,
    status: z.enum(['complete', 'stopped', 'interrupted']),
    finishReasons: z.array(z.object({ choiceIndex: count, finishReason: z.nullable(FinishReasonSchema) })),
    usage: z.optional(UsageViewSchema),
    totals: UsageViewSchema,
    speed: z.optional(ReplySpeedViewSchema),
    time: z.optional(TimeTotalsViewSchema),
  }),
  z.object({
    type: z.literal('replyFailed'),
    ...streamRef,
    error: ErrorInfoSchema,
    /** interrupted: part of the reply arrived and is kept; failed: nothing arrived. */
    status: z.enum(['failed', 'interrupted']),
  }),

  // Answers to webview requests.
  z.object({
    type: z.literal('tokenEstimate'),
    requestId: id,
    tokens: z.nullable(count),
    contextLength: z.nullable(count),
    /** Why there is no figure (model not supported by the estimate endpoint, service error). */
    unavailableReason: z.optional(z.string()),
    /** What the figure is made of (rules and system prompt, conversation, the message, the reply's reserve). */
    breakdown: z.optional(z.array(z.object({ label: z.string(), tokens: count }))),
    /** Tokens of the last reply's prompt the service served from its cache. */
    cachedTokens: z.optional(count),
    /** The draft's @-mentions and what each adds. */
    mentions: z.optional(z.array(MentionChipViewSchema)),
    /** What compacting now would replace and cost the cache; absent when the conversation is too short. */
    compaction: z.optional(z.object({ coveredTokens: count, cacheLost: count, automatic: z.boolean() })),
  }),
  /** The models the account can use: the answer to `listModels`, or (no requestId) a list that changed. */
  z.object({ type: z.literal('models'), requestId: z.optional(id), models: z.array(ModelViewSchema) }),
  z.object({
    type: z.literal('searchResults'),
    requestId: id,
    results: z.array(z.extend(ConversationSummarySchema, { snippet: z.optional(z.string()) })),
  }),
  z.object({ type: z.literal('exportResult'), requestId: id, ok: z.boolean(), message: z.string() }),

  // Host-initiated UI actions (commands).
  z.object({ type: z.literal('focusComposer') }),
  z.object({ type: z.literal('insertIntoComposer'), text: z.string() }),
  /** A short message; with `undoRestoreOf`, it tells of a restore in that conversation and offers its Undo Restore. */
  z.object({ type: z.literal('notice'), level: z.enum(['info', 'warning', 'error']), message: z.string(), undoRestoreOf: z.optional(id) }),
  ...attachmentHostMessages,
  ...agentHostMessages,
  ...rulesHostMessages,
  ...mentionHostMessages,
  ...sessionHostMessages,
]);
export type HostMessage = z.infer<typeof HostMessageSchema>;
export type HostMessageType = HostMessage['type'];
export type HostMessageOf<T extends HostMessageType> = Extract<HostMessage, { type: T }>;

// ---------------------------------------------------------------- webview -> host

export const HostActionSchema = z.enum(['setKey', 'checkBalance', 'useEmulator', 'openSettings', 'openProxySettings', 'tryDemo', 'explainSelection', 'explainFile']);
export type HostAction = z.infer<typeof HostActionSchema>;

export const WebviewMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),

  /** conversationId null starts a new conversation with this message. */
  z.object({ type: z.literal('send'), conversationId: z.nullable(id), text: z.string().check(z.minLength(1)), options: SendOptionsSchema }),
  z.object({ type: z.literal('stop'), conversationId: id }),
  z.object({ type: z.literal('regenerate'), conversationId: id, messageId: id }),
  /** Replaces the user message `messageId` with `text`, drops what followed it, and sends again. */
  z.object({ type: z.literal('editAndResend'), conversationId: id, messageId: id, text: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('selectChoice'), conversationId: id, messageId: id, choiceIndex: count }),
  /** Retries the failed or interrupted reply `messageId`. */
  z.object({ type: z.literal('retry'), conversationId: id, messageId: id }),

  z.object({ type: z.literal('copy'), text: z.string() }),
  z.object({ type: z.literal('insertAtCursor'), text: z.string() }),
  /** The host shows a diff against a file the user picks before anything is written. */
  z.object({ type: z.literal('applyCodeBlock'), code: z.string(), language: z.optional(z.string()) }),
  z.object({ type: z.literal('openLink'), href: z.string().check(z.minLength(1)) }),

  z.object({ type: z.literal('newConversation') }),
  z.object({ type: z.literal('switchConversation'), conversationId: id }),
  z.object({ type: z.literal('renameConversation'), conversationId: id, title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) }),
  /** The host asks for confirmation (a webview cannot show a modal dialog). */
  z.object({ type: z.literal('deleteConversation'), conversationId: id }),
  z.object({ type: z.literal('searchConversations'), requestId: id, query: z.string() }),
  z.object({ type: z.literal('exportConversation'), requestId: id, conversationId: id }),

  z.object({ type: z.literal('setModel'), model: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('setThinking'), enabled: z.boolean() }),
  z.object({ type: z.literal('setJsonMode'), enabled: z.boolean() }),
  z.object({ type: z.literal('setChoiceCount'), choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)) }),

  /** Estimate of the next request: the conversation's history plus `draft`, for `model`. */
  z.object({ type: z.literal('estimateTokens'), requestId: id, conversationId: z.nullable(id), draft: z.string(), model: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('listModels'), requestId: id }),

  /** An error's fix that the host performs (set the key, open the balance, switch to the emulator). */
  z.object({ type: z.literal('runAction'), action: HostActionSchema }),

  /**
   * The checkpoint of message `messageId` (a user message or an agent's tool call): compare it with now,
   * or go back to it; the host lists what will change and asks before it restores.
   */
  z.object({ type: z.literal('checkpointAction'), conversationId: id, messageId: id, action: z.enum(['compare', 'restoreFiles', 'restoreAll', 'restoreConversation']) }),
  /** Brings back what the last restore in the conversation cut or changed. */
  z.object({ type: z.literal('undoRestore'), conversationId: id }),
  /** /compact: the older part of the conversation summarised and sent in its place; `instructions` steer the summary. */
  z.object({ type: z.literal('compactConversation'), conversationId: id, instructions: z.string().check(z.maxLength(2000)) }),
  /** The user's edit of the summary sent in place of the older messages. */
  z.object({ type: z.literal('editCompaction'), conversationId: id, summary: z.string().check(z.trim(), z.minLength(1), z.maxLength(100_000)) }),
  /** The @ completion list for what was typed after the @. */
  z.object({ type: z.literal('mentionCandidates'), requestId: id, query: z.string().check(z.maxLength(500)) }),
  /** Opens a rules file the host listed in `rules` (any other path is refused). */
  z.object({ type: z.literal('openRules'), path: z.string().check(z.minLength(1)) }),
  /** `/name argument` of a skill or prompt file the host listed in `customCommands`, typed in the composer's mode. */
  z.object({
    type: z.literal('runCustomCommand'),
    conversationId: z.nullable(id),
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    argument: z.string().check(z.maxLength(100_000)),
    options: SendOptionsSchema,
    mode: z.enum(['ask', 'agent', 'plan']),
    /** The custom agent picked in the mode picker: an agent task of the command runs as that agent. */
    agent: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  }),
  ...attachmentWebviewMessages,
  ...agentWebviewMessages,
  ...sessionWebviewMessages,
]);
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;
export type WebviewMessageType = WebviewMessage['type'];
export type WebviewMessageOf<T extends WebviewMessageType> = Extract<WebviewMessage, { type: T }>;
