// Run as a child process by hostKilled.test.ts: plays the extension host's part (client, chat session,
// conversation store in files) for one message, so the test can kill it with SIGKILL mid-stream.
// argv: emulator URL, API key, storage folder, conversation id (created by the parent).
import { SvcClient } from '../../src/api/index';
import { ChatSession } from '../../src/core/chat/chatSession';
import { systemClock } from '../../src/core/clock';
import { ConversationStore } from '../../src/core/conversations/conversationStore';
import { ConversationFolderFiles } from '../../src/extension/conversationFolderFiles';
import { SETTINGS } from './faultInjection';

async function main(): Promise<void> {
  const [url, apiKey, storageDir, conversationId] = process.argv.slice(2) as [string, string, string, string];
  const { store } = await ConversationStore.open(new ConversationFolderFiles(storageDir), systemClock);
  const client = new SvcClient({ baseUrl: url, apiKey, maxRetries: 0 });
  const session = new ChatSession({ client: () => client, store, clock: systemClock, onEvent: () => undefined, saveIntervalMs: 20 });
  await session.send(conversationId, 'Tell me slowly.', SETTINGS);
  await store.flush();
  process.stdout.write('reply finished\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
