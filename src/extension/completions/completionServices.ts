// What completions take from the chat host once it is loaded: the client of the connection in use (the
// service or the local emulator), the workspace's prompt cache key, and the balance as last read.
import type { CompletionStreamClient } from '../../core/completions/completionReply';

export interface CompletionServices {
  client(): Promise<CompletionStreamClient>;
  promptCacheKey(): Promise<string>;
  /** Why the balance blocks sending, as last read (no request per keystroke), or undefined. */
  balanceBlocked(): string | undefined;
}
