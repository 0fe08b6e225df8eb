// The chat host's test API, which extension.ts exports only under the extension's own test harness
// (testHarness.ts): integration tests drive the same paths the chat view uses.
import { systemClock } from '../core/clock';
import type { Conversation } from '../core/conversations/conversation';
import type { Customization } from '../core/customizations/customization';
import { ConversationStore, type ConversationSummary } from '../core/conversations/conversationStore';
import type { Connection, SendOptions } from '../shared/protocol';
import type { AgentTestApi } from './agent/registerAgentFeatures';
import type { ApiKeyStore } from './apiKeyStore';
import type { ChatController } from './chatController';
import { ConversationFolderFiles } from './conversationFolderFiles';

/** What integration tests drive; the same paths the chat view uses. */
export interface SvcTestApi {
  /** Sends in the active conversation (a new one when none); resolves when the reply ended. Returns its id. */
  sendMessage(text: string, options?: Partial<SendOptions>): Promise<string>;
  stop(): void;
  whenIdle(): Promise<void>;
  getConversations(): ConversationSummary[];
  getConversation(id: string): Conversation | undefined;
  activeConversationId(): string | undefined;
  connection(): Promise<Connection>;
  /** The conversations as a fresh store reads them from disk, as after a window reload. */
  loadSavedConversations(): Promise<Conversation[]>;
  /** Whether SecretStorage holds a key (the key itself is never handed out). */
  hasStoredApiKey(): Promise<boolean>;
  /** Resolves once the chat view's page has loaded and received its answer to `ready` (init). */
  viewReady(): Promise<void>;
  /** Agent tasks: run, answer approvals as the view's buttons do, undo. */
  agent: AgentTestApi;
  /** The customizations found now, by file (workspace-relative or ~/…): what a request would use. */
  customizationFiles(): Promise<string[]>;
}

export interface SvcTestApiParts {
  chat: ChatController;
  store: ConversationStore;
  keys: ApiKeyStore;
  /** Where the conversations are saved, read again by a fresh store. */
  conversationsDir: string;
  firstViewReady: Promise<void>;
  agent: AgentTestApi;
  customizations: { items(): Promise<Customization[]> };
}

export function svcTestApi({ chat, store, keys, conversationsDir, firstViewReady, agent, customizations }: SvcTestApiParts): SvcTestApi {
  return {
    sendMessage: (text, options) => chat.send(chat.activeConversationId ?? null, text, options),
    stop: () => chat.stopActive(),
    whenIdle: () => chat.session.whenIdle(),
    getConversations: () => store.list(),
    getConversation: (id) => store.get(id),
    activeConversationId: () => chat.activeConversationId,
    connection: () => chat.connectionNow(),
    loadSavedConversations: async () => {
      await store.flush();
      const { store: fresh } = await ConversationStore.open(new ConversationFolderFiles(conversationsDir), systemClock);
      const saved = await Promise.all(fresh.list().map((s) => fresh.read(s.id)));
      return saved.flatMap((c) => c ?? []);
    },
    hasStoredApiKey: () => keys.hasStoredKey(),
    viewReady: () => firstViewReady,
    agent,
    customizationFiles: async () => (await customizations.items()).map((item) => item.label),
  };
}
