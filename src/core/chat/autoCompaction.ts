// Before a message is sent: when the conversation would pass `svc.compaction.threshold` of the model's
// context and compacting pays (see shouldCompact), its older part is summarised first, and the user is
// told. A failed summary never stops the message: it is sent as it is.
import { LIMITS, modelInfo } from '../../api/index';
import type { Clock } from '../clock';
import type { ConversationStore } from '../conversations/conversationStore';
import { countTokensLocally } from '../tokens/tokenEstimator';
import { compactConversation, compactionCut, shouldCompact, type CompactionClient } from './compaction';
import { buildHistory } from './historyBuilder';
import * as l10n from '../l10n';

export interface AutoCompactionDeps {
  store: ConversationStore;
  client(): Promise<CompactionClient>;
  clock: Pick<Clock, 'now'>;
  notice(level: 'info' | 'warning', message: string): void;
}

/** True when the conversation was compacted. */
export async function compactBeforeSending(
  deps: AutoCompactionDeps,
  conversationId: string,
  next: { text: string; model: string; maxCompletionTokens: number | undefined; threshold: number },
): Promise<boolean> {
  const conversation = deps.store.get(conversationId);
  const cut = conversation ? compactionCut(conversation) : undefined;
  const contextLength = modelInfo(next.model)?.contextLength;
  // Counting a long history costs time: only when the figures can lead anywhere.
  if (!conversation || cut === undefined || contextLength === undefined || next.threshold <= 0) return false;
  const need = {
    historyTokens: await countTokensLocally(buildHistory(conversation)),
    coveredTokens: await countTokensLocally(buildHistory(conversation, cut + 1)),
    nextTokens: (await countTokensLocally([{ role: 'user', content: next.text }])) + (next.maxCompletionTokens ?? LIMITS.defaultMaxCompletionTokens),
    contextLength,
    threshold: next.threshold,
  };
  if (!shouldCompact(need)) return false;
  deps.notice('info', l10n.t("This conversation is near {0} % of the model's context: its older part is summarised first (svc.compaction.threshold).", Math.round(next.threshold * 100)));
  try {
    await compactConversation(conversation, await deps.client(), next.model, deps.clock);
    await deps.store.save(conversation);
    return true;
  } catch (error) {
    deps.notice('warning', l10n.t('The conversation could not be compacted ({0}); the message is sent as it is.', error instanceof Error ? error.message : String(error)));
    return false;
  }
}
