// Every resource of the service contract (shared/spec/service-api.md) as a zod schema.
// Responses use loose objects: the real service adds fields (prompt_tokens_details, ...) that must be
// kept, not rejected. Shapes only; the request rules live in validateChatRequest.
import * as z from 'zod';

export const RoleSchema = z.enum(['system', 'user', 'assistant', 'tool']);
export type Role = z.infer<typeof RoleSchema>;

export const TextPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
export const ImageUrlPartSchema = z.looseObject({
  type: z.literal('image_url'),
  image_url: z.looseObject({ url: z.string() }),
});
export const VideoUrlPartSchema = z.looseObject({
  type: z.literal('video_url'),
  video_url: z.looseObject({ url: z.string() }),
});
export const ContentPartSchema = z.discriminatedUnion('type', [TextPartSchema, ImageUrlPartSchema, VideoUrlPartSchema]);
export type ContentPart = z.infer<typeof ContentPartSchema>;
export type TextPart = z.infer<typeof TextPartSchema>;
export type ImageUrlPart = z.infer<typeof ImageUrlPartSchema>;
export type VideoUrlPart = z.infer<typeof VideoUrlPartSchema>;

export const MessageContentSchema = z.union([z.string(), z.array(ContentPartSchema)]);
export type MessageContent = z.infer<typeof MessageContentSchema>;

export const ToolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const SystemMessageSchema = z.looseObject({
  role: z.literal('system'),
  content: MessageContentSchema,
  name: z.string().optional(),
});
export const UserMessageSchema = z.looseObject({
  role: z.literal('user'),
  content: MessageContentSchema,
  name: z.string().optional(),
});
/** Content is "" (real service) or null (the interface it imitates) on a message that only calls tools. */
export const AssistantMessageSchema = z.looseObject({
  role: z.literal('assistant'),
  content: MessageContentSchema.nullable().optional(),
  reasoning_content: z.string().nullable().optional(),
  tool_calls: z.array(ToolCallSchema).nullable().optional(),
  name: z.string().optional(),
});
export const ToolMessageSchema = z.looseObject({
  role: z.literal('tool'),
  content: MessageContentSchema,
  tool_call_id: z.string(),
  name: z.string().optional(),
});
export const ChatMessageSchema = z.discriminatedUnion('role', [
  SystemMessageSchema,
  UserMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);
export type SystemMessage = z.infer<typeof SystemMessageSchema>;
export type UserMessage = z.infer<typeof UserMessageSchema>;
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;
export type ToolMessage = z.infer<typeof ToolMessageSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ToolParametersSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.looseObject({ type: z.unknown().optional(), description: z.string().optional() })).optional(),
  required: z.array(z.string()).optional(),
});
export const ToolDefinitionSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: ToolParametersSchema.optional(),
  }),
});
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;

export const ResponseFormatSchema = z.looseObject({ type: z.enum(['text', 'json_object']) });
export const ThinkingSchema = z.looseObject({ type: z.enum(['enabled', 'disabled']) });

export const ChatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(ChatMessageSchema),
  max_tokens: z.number().int().optional(),
  max_completion_tokens: z.number().int().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  n: z.number().int().optional(),
  presence_penalty: z.number().optional(),
  frequency_penalty: z.number().optional(),
  response_format: ResponseFormatSchema.optional(),
  stop: z.union([z.string(), z.array(z.string())]).nullable().optional(),
  thinking: ThinkingSchema.optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  prompt_cache_key: z.string().nullable().optional(),
  safety_identifier: z.string().nullable().optional(),
  tools: z.array(ToolDefinitionSchema).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const UsageSchema = z.looseObject({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  cached_tokens: z.number().int().optional(),
  prompt_tokens_details: z.looseObject({ cached_tokens: z.number().int().optional() }).nullable().optional(),
  completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().int().optional() }).nullable().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const FinishReasonSchema = z.enum(['stop', 'length', 'tool_calls', 'content_filter']);
export type FinishReason = z.infer<typeof FinishReasonSchema>;

export const ChatCompletionChoiceSchema = z.looseObject({
  index: z.number().int(),
  message: AssistantMessageSchema,
  finish_reason: FinishReasonSchema.nullable(),
});
export const ChatCompletionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(ChatCompletionChoiceSchema),
  usage: UsageSchema.nullable().optional(),
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;
export type ChatCompletionChoice = z.infer<typeof ChatCompletionChoiceSchema>;

/** Tool-call deltas: the first carries id/type/name, later ones argument pieces only; `index` may be absent. */
export const ToolCallDeltaSchema = z.looseObject({
  index: z.number().int().optional(),
  id: z.string().optional(),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
export type ToolCallDelta = z.infer<typeof ToolCallDeltaSchema>;

export const ChunkDeltaSchema = z.looseObject({
  role: z.literal('assistant').optional(),
  content: z.string().nullable().optional(),
  reasoning_content: z.string().nullable().optional(),
  tool_calls: z.array(ToolCallDeltaSchema).nullable().optional(),
});
export const ChunkChoiceSchema = z.looseObject({
  index: z.number().int(),
  delta: ChunkDeltaSchema,
  finish_reason: FinishReasonSchema.nullable().optional(),
  usage: UsageSchema.nullable().optional(),
});
export const ChatCompletionChunkSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion.chunk'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(ChunkChoiceSchema),
  usage: UsageSchema.nullable().optional(),
});
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;
export type ChunkChoice = z.infer<typeof ChunkChoiceSchema>;

export const ModelSchema = z.looseObject({ id: z.string() });
export type Model = z.infer<typeof ModelSchema>;
export const ModelListSchema = z.looseObject({ data: z.array(ModelSchema) });

export const TokenEstimateRequestSchema = z.looseObject({ model: z.string(), messages: z.array(ChatMessageSchema) });
export type TokenEstimateRequest = z.infer<typeof TokenEstimateRequestSchema>;

export const ErrorBodySchema = z.looseObject({ type: z.string(), message: z.string() });
export const ErrorEnvelopeSchema = z.looseObject({ error: ErrorBodySchema });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The estimate endpoint signals an error by an `error` field in place of `data`. */
export const TokenEstimateSchema = z.looseObject({ data: z.looseObject({ total_tokens: z.number().int() }) });
export const TokenEstimateResponseSchema = z.union([TokenEstimateSchema, ErrorEnvelopeSchema]);

export const BalanceSchema = z.looseObject({
  code: z.number().int(),
  status: z.boolean(),
  scode: z.string(),
  data: z.looseObject({
    available_balance: z.number(),
    voucher_balance: z.number(),
    cash_balance: z.number(),
  }),
});
export type BalanceResult = z.infer<typeof BalanceSchema>;
export type Balance = BalanceResult['data'];

export const FilePurposeSchema = z.enum(['file-extract', 'image', 'video']);
export type FilePurpose = z.infer<typeof FilePurposeSchema>;

export const FileObjectSchema = z.looseObject({
  id: z.string(),
  object: z.literal('file'),
  bytes: z.number().int(),
  created_at: z.number().int(),
  filename: z.string(),
  purpose: FilePurposeSchema,
  status: z.enum(['ok', 'error']),
  status_details: z.string().optional(),
});
export type FileObject = z.infer<typeof FileObjectSchema>;
export const FileListSchema = z.looseObject({ data: z.array(FileObjectSchema) });
/** Not shown by the spec; the imitated interface answers `{id, object: "file", deleted: true}`. */
export const FileDeletedSchema = z.looseObject({ id: z.string(), deleted: z.boolean() });
export type FileDeleted = z.infer<typeof FileDeletedSchema>;

export const FormulaToolsSchema = z.looseObject({ object: z.literal('list'), tools: z.array(ToolDefinitionSchema) });
export const FiberCallSchema = z.looseObject({ name: z.string(), arguments: z.string() });
export type FiberCall = z.infer<typeof FiberCallSchema>;

export const FiberSchema = z.looseObject({
  id: z.string(),
  object: z.literal('fiber'),
  created_at: z.number().int(),
  lambda_id: z.string().optional(),
  status: z.string(),
  context: z
    .looseObject({
      input: z.string().optional(),
      output: z.string().optional(),
      encrypted_output: z.string().optional(),
      error: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
  formula: z.string().optional(),
  organization_id: z.string().optional(),
  project_id: z.string().optional(),
});
export type Fiber = z.infer<typeof FiberSchema>;

/** Every `error.type` of the spec's error table. */
export const ErrorTypeSchema = z.enum([
  'content_filter',
  'invalid_request_error',
  'invalid_authentication_error',
  'incorrect_api_key_error',
  'permission_denied_error',
  'resource_not_found_error',
  'exceeded_current_quota_error',
  'engine_overloaded_error',
  'rate_limit_reached_error',
  'server_error',
  'unexpected_output',
]);
export type ErrorType = z.infer<typeof ErrorTypeSchema>;

export const ENCRYPTED_BEGIN = '----SVC ENCRYPTED BEGIN----';
export const ENCRYPTED_END = '----SVC ENCRYPTED END----';
