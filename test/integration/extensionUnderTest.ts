// The extension under test as every integration suite reaches it: found by id, activated, and its chat
// host loaded; plus the setting writes and the reply lookups the suites share.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AssistantEntry, Conversation } from '../../src/core/conversations/conversation';
import type { SvcExtensionApi, SvcTestApi } from '../../src/extension/extension';

export const EXTENSION_ID = 'svc-labs.svc-vscode';

export function svcExtension(): vscode.Extension<SvcExtensionApi> {
  const extension = vscode.extensions.getExtension<SvcExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in the extension host`);
  return extension;
}

/** Activates the extension and loads its chat host (the part the first view or command loads). */
export async function openChatHost(extension = svcExtension()): Promise<SvcTestApi> {
  return (await extension.activate()).chatHost();
}

/** Writes an `svc.*` setting where the user's settings go (undefined removes it). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('svc').update(key, value, vscode.ConfigurationTarget.Global);
}

export function lastReply(conversation: Conversation | undefined): AssistantEntry {
  const entry = conversation?.entries.at(-1);
  assert.ok(entry && entry.role === 'assistant', 'the conversation ends with an assistant reply');
  return entry;
}
