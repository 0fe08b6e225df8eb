// The `prompt_cache_key` of a workspace: one random key made the first time and kept in the
// workspace's storage, so it survives restarts, differs between workspaces, and says nothing about
// the workspace (no path or name is sent, not even hashed).
import { randomUUID } from 'node:crypto';
import type { KeyValueStorage } from '../keyValueStorage';

export const CACHE_KEY_STORAGE_KEY = 'svc.promptCacheKey';
const KEY_PATTERN = /^svc-ws-[0-9a-f-]{36}$/;

export async function workspaceCacheKey(storage: KeyValueStorage): Promise<string> {
  const stored = await storage.read(CACHE_KEY_STORAGE_KEY);
  if (typeof stored === 'string' && KEY_PATTERN.test(stored)) return stored;
  const key = `svc-ws-${randomUUID()}`;
  await storage.write(CACHE_KEY_STORAGE_KEY, key);
  return key;
}

/**
 * The key of one subagent kind's requests in this workspace: stable across calls and restarts, so its
 * repeated calls (same instructions and tools, then the job) hit the cache, and apart from the task's key,
 * so the task's many prompts do not push the kind's out of what the service remembers per key.
 */
export function subagentCacheKey(workspaceKey: string, kind: string): string {
  return `${workspaceKey}-sub-${kind}`;
}
