// What a chat session is built with and what a user turn carries, apart from the session so that its parts
// (replyStream.ts) can name them without importing the session.
import type { ChatCompletionChunk, ChatRequest, MessageContent, SystemMessage, ToolDefinition } from '../../api/index';
import type { CheckpointRef } from '../checkpoints/checkpointRef';
import type { Clock } from '../clock';
import type { UserEntry } from '../conversations/conversation';
import type { ConversationStore } from '../conversations/conversationStore';
import type { SessionEvent } from './chatSessionEvents';

export interface ChatStreamClient {
  chatStream(request: ChatRequest, options?: { signal?: AbortSignal }): AsyncIterable<ChatCompletionChunk>;
}

export interface UserTurn extends Pick<UserEntry, 'attachments'> {
  /** What the conversation shows as the user's message. */
  display: string;
  /** System messages (extracted files) sent right before the message. */
  context: SystemMessage[];
  /** The message content as sent: `display` itself, or text and image parts. */
  content: MessageContent;
  /**
   * Takes the workspace's checkpoint for this turn. Called once the request has gone out (a reply in the
   * chat changes no file, so the request never waits for it); the checkpoint joins the user's message
   * when ready.
   */
  checkpoint?: () => Promise<CheckpointRef | undefined>;
}

export interface ChatSessionOptions {
  /** Asked for every reply, so a key or address change applies to the next request. */
  client: () => ChatStreamClient | Promise<ChatStreamClient>;
  store: ConversationStore;
  clock: Clock;
  onEvent: (event: SessionEvent) => void;
  /** How often a reply is saved while it streams (default 500 ms): the most a crash can lose. */
  saveIntervalMs?: number;
  /** Automatic retries of one reply after rate-limit or overload countdowns (default 3). */
  maxAutomaticRetries?: number;
  /**
   * The `prompt_cache_key` of every request: the workspace's key (workspaceCacheKey), so the cache
   * spans the workspace's conversations and agent tasks. Without it, the conversation id.
   */
  promptCacheKey?: () => Promise<string>;
  /** Standing instructions (project rules) sent in every request, right after the ground rules. */
  standingInstructions?: () => Promise<SystemMessage | undefined>;
  /**
   * The tools the conversation's agent tasks offered to this model (AgentTasks.toolsOf): sent unchanged
   * with its Ask requests so the prompt cache's prefix holds across Ask and Agent. Ask runs none of them.
   */
  tools?: (conversationId: string, model: string) => ToolDefinition[];
}
