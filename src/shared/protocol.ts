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
// The page the host serves: an empty <body>, `dist/webview.css` (it carries the codicon font, which
// esbuild copies next to it, so the CSP needs `font-src ${webview.cspSource}`) and `dist/webview.js`
// with the nonce. The script builds the whole DOM; no inline script or style is needed.
import * as z from 'zod/mini';

// zod/mini, not classic zod: the webview bundles this file, and mini is a seventh of the size for the same
// rules. Mini has no error messages of its own until a locale is set; English names each field's problem.
z.config(z.locales.en());

const id = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.nonnegative());

/** The service's largest `n` (alternatives per request). */
export const MAX_CHOICES = 5;

// ---------------------------------------------------------------- shared shapes

export const ModelViewSchema = z.object({
  id,
  /** always: the model always thinks; optional: thinking can be switched (svc-k2.5); no: never. */
  thinking: z.enum(['always', 'optional', 'no']),
  vision: z.boolean(),
  /** Total context length in tokens; null where the service does not state it. */
  contextLength: z.nullable(count),
  estimateSupported: z.boolean(),
  /** Largest `n` the model accepts (1 where n is fixed, as for svc-k2.5). */
  maxChoices: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type ModelView = z.infer<typeof ModelViewSchema>;

export const UsageViewSchema = z.object({
  promptTokens: count,
  completionTokens: count,
  cachedTokens: count,
  reasoningTokens: z.optional(count),
});
export type UsageView = z.infer<typeof UsageViewSchema>;

export const FinishReasonSchema = z.enum(['stop', 'length', 'tool_calls', 'content_filter']);
export type FinishReason = z.infer<typeof FinishReasonSchema>;

/** What the user can do about an error; the webview renders one button per action. */
export const ErrorActionSchema = z.enum([
  'setKey', // 401: store a (new) API key
  'checkBalance', // quota 429
  'retry', // network, interrupted stream, overload, rate limit (a countdown while the host's automatic retry waits)
  'shortenInput', // token limit
  'fixRequest', // refused request: `field` names what to change
  'useEmulator', // the service is unreachable or the key lacks access
  'none',
]);
export type ErrorAction = z.infer<typeof ErrorActionSchema>;

export const ErrorKindSchema = z.enum([
  'authentication',
  'permission',
  'notFound',
  'quota',
  'rateLimit',
  'overloaded',
  'tokenLimit',
  'invalidRequest',
  'contentFilter',
  'server',
  'network',
  'timeout',
  'interrupted',
  'invalidResponse',
  'unknown',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const ErrorInfoSchema = z.object({
  kind: ErrorKindSchema,
  status: z.optional(z.number().check(z.int())),
  /** The service's error `type`, e.g. rate_limit_reached_error. */
  type: z.optional(z.string()),
  message: z.string(),
  /** The request field at fault for a refused request, e.g. `temperature`. */
  field: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number().check(z.nonnegative())),
  action: ErrorActionSchema,
  /**
   * The host retries by itself after `retryAfterSeconds`; the view only counts down. Absent once the
   * automatic retries are used up, cancelled, or the reply was restored from disk (no timer runs then).
   */
  automaticRetry: z.optional(z.boolean()),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

export const ToolCallViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
});
export type ToolCallView = z.infer<typeof ToolCallViewSchema>;

/** One of the `n` alternatives of an assistant reply; a normal reply has exactly one. */
export const ChoiceViewSchema = z.object({
  index: count,
  content: z.string(),
  reasoning: z.string(),
  finishReason: z.nullable(FinishReasonSchema),
  toolCalls: z.optional(z.array(ToolCallViewSchema)),
});
export type ChoiceView = z.infer<typeof ChoiceViewSchema>;

/** streaming: still arriving; stopped: the user stopped it; interrupted: the stream or the window died mid-reply. */
export const ReplyStatusSchema = z.enum(['streaming', 'complete', 'stopped', 'interrupted', 'failed']);
export type ReplyStatus = z.infer<typeof ReplyStatusSchema>;

// ---------------------------------------------------------------- agent tasks: shapes
// A tool message of an agent task carries its card (arguments, status, duration, formula); the last
// assistant message of a task carries the task's summary. Both are optional, so chats and
// conversations saved before agent tasks existed read as before.

/** running only while the task runs; cancelled: the task was stopped; invalid: bad arguments or an unknown tool. */
export const ToolCardStatusSchema = z.enum(['running', 'done', 'failed', 'rejected', 'cancelled', 'invalid']);
export type ToolCardStatus = z.infer<typeof ToolCardStatusSchema>;

export const ToolCardSchema = z.object({
  step: z.number().check(z.int(), z.minimum(1)),
  /** The model's arguments string, exactly as sent to the tool. */
  arguments: z.string(),
  status: ToolCardStatusSchema,
  durationMs: z.optional(count),
  /** The formula a service tool belongs to (web_search -> web-search); absent for workspace tools. */
  formula: z.optional(z.string()),
});
export type ToolCard = z.infer<typeof ToolCardSchema>;

export const AgentSummaryViewSchema = z.object({
  /** Names the task for undo and for opening the diff of a changed file. */
  taskId: id,
  stopReason: z.enum(['stop', 'length', 'step_limit', 'cancelled', 'error']),
  steps: count,
  /** Calls per function name. */
  toolCalls: z.record(z.string(), count),
  /** Workspace-relative paths the task changed (still applied when it was stopped). */
  filesChanged: z.array(z.string()),
  usage: UsageViewSchema,
  durationMs: count,
  error: z.optional(z.string()),
});
export type AgentSummaryView = z.infer<typeof AgentSummaryViewSchema>;

export const ApprovalDecisionSchema = z.enum(['approve', 'reject', 'always']);
export type ApprovalDecisionView = z.infer<typeof ApprovalDecisionSchema>;

export const UserMessageViewSchema = z.object({
  id,
  role: z.literal('user'),
  content: z.string(),
  createdAt: count,
});
export type UserMessageView = z.infer<typeof UserMessageViewSchema>;

export const AssistantMessageViewSchema = z.object({
  id,
  role: z.literal('assistant'),
  model: z.string(),
  choices: z.array(ChoiceViewSchema).check(z.minLength(1)),
  selectedChoice: count,
  status: ReplyStatusSchema,
  /** Estimated reasoning tokens (shown on the Thinking section) until usage gives the exact figure. */
  reasoningTokens: z.optional(count),
  usage: z.optional(UsageViewSchema),
  error: z.optional(ErrorInfoSchema),
  createdAt: count,
  agentSummary: z.optional(AgentSummaryViewSchema),
});
export type AssistantMessageView = z.infer<typeof AssistantMessageViewSchema>;

export const ToolMessageViewSchema = z.object({
  id,
  role: z.literal('tool'),
  toolCallId: z.string(),
  name: z.string(),
  content: z.string(),
  createdAt: count,
  card: z.optional(ToolCardSchema),
});
export type ToolMessageView = z.infer<typeof ToolMessageViewSchema>;

export const MessageViewSchema = z.discriminatedUnion('role', [
  UserMessageViewSchema,
  AssistantMessageViewSchema,
  ToolMessageViewSchema,
]);
export type MessageView = z.infer<typeof MessageViewSchema>;

export const ConversationSummarySchema = z.object({
  id,
  title: z.string(),
  updatedAt: count,
  messageCount: count,
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationViewSchema = z.object({
  id,
  title: z.string(),
  messages: z.array(MessageViewSchema),
  /** Running totals of every reply in the conversation. */
  totals: UsageViewSchema,
  createdAt: count,
  updatedAt: count,
});
export type ConversationView = z.infer<typeof ConversationViewSchema>;

export const ShowReasoningSchema = z.enum(['expanded', 'collapsed', 'hidden']);
export type ShowReasoning = z.infer<typeof ShowReasoningSchema>;


/** The settings the UI shows and can change; the host owns them (VS Code settings). */
export const UiSettingsSchema = z.object({
  model: z.string(),
  thinking: z.boolean(),
  jsonMode: z.boolean(),
  showReasoning: ShowReasoningSchema,
  choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type UiSettings = z.infer<typeof UiSettingsSchema>;

/** Where requests go; drives the status banner ("Using the local emulator"). */
export const ConnectionSchema = z.object({
  mode: z.enum(['emulator', 'apiKey']),
  baseUrl: z.string(),
  /** Extra text for the banner, e.g. why the emulator is in use. */
  detail: z.optional(z.string()),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const SendOptionsSchema = z.object({
  model: z.string().check(z.minLength(1)),
  thinking: z.boolean(),
  jsonMode: z.boolean(),
  choiceCount: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_CHOICES)),
});
export type SendOptions = z.infer<typeof SendOptionsSchema>;

// ---------------------------------------------------------------- attachments, reply cost, file notices
// Files and images attached to the message being written show as chips in the composer; the host owns
// them (it uploads at once) and sends the whole list on every change. The webview adds files by drag
// and drop (VS Code hands over text/uri-list; Shift must be held while dropping so the workbench lets
// the webview have the drop), by paste (images, sent as base64) or through the host's pickers.

export const AttachmentChipViewSchema = z.object({
  id,
  name: z.string(),
  size: count,
  /** e.g. "12.3 KB" */
  sizeLabel: z.string(),
  /** null until the upload checks have run. */
  kind: z.nullable(z.enum(['text', 'document', 'image', 'video'])),
  status: z.enum(['uploading', 'ok', 'error']),
  /** Why it failed: a refusal before upload, or the service's status_details / extraction error. */
  statusDetails: z.optional(z.string()),
});
export type AttachmentChipView = z.infer<typeof AttachmentChipViewSchema>;

/** The service's 100 MB file limit, as base64 text. */
const MAX_PASTED_BASE64_CHARS = Math.ceil((100 * 1024 * 1024) / 3) * 4;

export const PastedFileSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  mimeType: z.string().check(z.minLength(1), z.maxLength(255)),
  dataBase64: z.string().check(z.minLength(1), z.maxLength(MAX_PASTED_BASE64_CHARS)),
});
export type PastedFile = z.infer<typeof PastedFileSchema>;

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

const agentHostMessages = [
  z.object({
    type: z.literal('approvalRequest'),
    requestId: id,
    conversationId: id,
    kind: z.enum(['edit', 'command', 'charged-tool', 'read-secret', 'send-data', 'run-code']),
    title: z.string(),
    detail: z.string(),
    warning: z.optional(z.string()),
    /** False where every occurrence must be asked (shell commands). */
    allowAlways: z.boolean(),
  }),
  z.object({ type: z.literal('approvalSettled'), requestId: id }),
] as const;

const agentWebviewMessages = [
  /** Runs `text` as an agent task (the composer's Agent mode); conversationId null starts a new conversation. */
  z.object({ type: z.literal('runAgentTask'), conversationId: z.nullable(id), text: z.string().check(z.minLength(1)), options: SendOptionsSchema }),
  z.object({ type: z.literal('approvalAnswer'), requestId: id, decision: ApprovalDecisionSchema }),
  /** Opens VS Code's diff of `path` as it was before task `taskId` against the file now. */
  z.object({ type: z.literal('openAgentDiff'), taskId: id, path: z.string().check(z.minLength(1)) }),
  z.object({ type: z.literal('undoAgentTask'), taskId: id }),
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
  }),
  z.object({ type: z.literal('models'), requestId: id, models: z.array(ModelViewSchema) }),
  z.object({
    type: z.literal('searchResults'),
    requestId: id,
    results: z.array(z.extend(ConversationSummarySchema, { snippet: z.optional(z.string()) })),
  }),
  z.object({ type: z.literal('exportResult'), requestId: id, ok: z.boolean(), message: z.string() }),

  // Host-initiated UI actions (commands).
  z.object({ type: z.literal('focusComposer') }),
  z.object({ type: z.literal('insertIntoComposer'), text: z.string() }),
  z.object({ type: z.literal('notice'), level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  ...attachmentHostMessages,
  ...agentHostMessages,
]);
export type HostMessage = z.infer<typeof HostMessageSchema>;
export type HostMessageType = HostMessage['type'];
export type HostMessageOf<T extends HostMessageType> = Extract<HostMessage, { type: T }>;

// ---------------------------------------------------------------- webview -> host

export const HostActionSchema = z.enum(['setKey', 'checkBalance', 'useEmulator', 'openSettings']);
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
  ...attachmentWebviewMessages,
  ...agentWebviewMessages,
]);
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;
export type WebviewMessageType = WebviewMessage['type'];
export type WebviewMessageOf<T extends WebviewMessageType> = Extract<WebviewMessage, { type: T }>;
