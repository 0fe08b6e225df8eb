// Checkpoints of the open workspace: one shadow git store per folder in the workspace's storage (a
// multi-root workspace gets one store per folder), the svc.checkpoints.* settings, and the one warning
// when git cannot be run.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import * as vscode from 'vscode';
import { systemClock } from '../../core/clock';
import type { CheckpointRef } from '../../core/checkpoints/checkpointRef';
import { Checkpoints, type FolderStore } from '../../core/checkpoints/checkpoints';
import { prepareCheckpointsWhenTrusted } from '../../core/checkpoints/checkpointPreparation';
import { CHECKPOINT_WAIT_MS, checkpointWithin } from '../../core/checkpoints/checkpointWithin';
import type { TakeCheckpoint } from '../../core/checkpoints/checkpointedTool';
import type { ConversationStore } from '../../core/conversations/conversationStore';
import { settingValue } from '../settings/settingsReader';
import { ShadowGitStore } from './shadowGitStore';

export interface CheckpointSettings {
  enabled: boolean;
  keepDays: number;
}

export function readCheckpointSettings(): CheckpointSettings {
  const keepDays = settingValue('checkpoints.keepDays');
  return { enabled: settingValue('checkpoints.enabled') !== false, keepDays: typeof keepDays === 'number' && Number.isFinite(keepDays) && keepDays > 0 ? keepDays : 7 };
}

export function createWorkspaceCheckpoints(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Checkpoints {
  const root = path.join((context.storageUri ?? context.globalStorageUri).fsPath, 'checkpoints');
  const stores = new Map<string, Promise<ShadowGitStore>>();
  const storeOf = (folder: string): Promise<ShadowGitStore> => {
    let store = stores.get(folder);
    if (!store) {
      const id = createHash('sha256').update(folder).digest('hex').slice(0, 16);
      store = ShadowGitStore.open(path.join(root, id), folder);
      store.catch(() => stores.delete(folder));
      stores.set(folder, store);
    }
    return store;
  };
  return new Checkpoints({
    stores: async (): Promise<FolderStore[]> => Promise.all((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => storeOf(f.uri.fsPath))),
    // In Restricted Mode nothing runs git on the folder: the agent cannot change files there anyway.
    enabled: () => readCheckpointSettings().enabled && vscode.workspace.isTrusted,
    clock: systemClock,
    newId: randomUUID,
    warnOnce: (message) => {
      log.warn(`Checkpoints are off: ${message}`);
      void vscode.window.showWarningMessage(vscode.l10n.t('svc: checkpoints are off. {0}', message));
    },
  });
}

/**
 * A checkpoint now; undefined when checkpoints are off; a record saying why there is none when it
 * fails or takes longer than a few seconds: a failing or slow checkpoint never stops or holds a turn.
 */
export function checkpointTaker(checkpoints: Checkpoints, log: vscode.LogOutputChannel): TakeCheckpoint {
  return checkpointWithin((label) => checkpoints.take(label), {
    limitMs: CHECKPOINT_WAIT_MS,
    clock: systemClock,
    newId: randomUUID,
    onMissing: (label, reason) => log.warn(`Checkpoint "${label}" could not be taken: ${reason}`),
  });
}

/** How long after svc starts in a window the background preparation begins: the chat view's start-up goes first. */
const PREPARE_AFTER_MS = 5_000;

/**
 * Shortly after start-up, in a trusted workspace with checkpoints on: the first checkpoint's work for
 * each folder that has none yet, shown in the status bar, so the first message never waits for it.
 */
export function prepareCheckpointsInBackground(checkpoints: Checkpoints, log: vscode.LogOutputChannel): vscode.Disposable {
  let preparation: { dispose(): void } | undefined;
  const timer = setTimeout(() => {
    preparation = prepareCheckpointsWhenTrusted(checkpoints, {
      trusted: () => vscode.workspace.isTrusted,
      onTrusted: (listener) => vscode.workspace.onDidGrantWorkspaceTrust(listener),
      progress: (work) => Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('svc: preparing checkpoints') }, work)),
      log,
    });
  }, PREPARE_AFTER_MS);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    preparation?.dispose();
  });
}

/** At start-up: drops the checkpoints no conversation shows any more, and those older than svc.checkpoints.keepDays. */
export async function pruneCheckpoints(checkpoints: Checkpoints, store: ConversationStore, log: vscode.LogOutputChannel): Promise<void> {
  const { enabled, keepDays } = readCheckpointSettings();
  if (!enabled) return;
  const kept: CheckpointRef[] = [];
  for (const summary of store.list()) {
    const entries = (await store.read(summary.id))?.entries ?? [];
    kept.push(...entries.flatMap((entry) => (entry.role !== 'assistant' && entry.checkpoint ? [entry.checkpoint] : [])));
  }
  try {
    const dropped = await checkpoints.prune(kept, keepDays);
    if (dropped > 0) log.info(`Checkpoints: pruned ${dropped} old checkpoint(s).`);
  } catch (error) {
    log.warn(`Checkpoints could not be pruned: ${error instanceof Error ? error.message : String(error)}`);
  }
}
