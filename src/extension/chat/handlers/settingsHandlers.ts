// The composer's choices (model, thinking, JSON mode, alternatives), the token estimate under it and
// the model list of its picker. A choice is written where the setting's current value comes from.
import type { SystemMessage } from '../../../api/index';
import type { ServiceModels } from '../../../core/models/serviceModels';
import type { ConversationStore } from '../../../core/conversations/conversationStore';
import type { DraftTokenEstimates } from '../../../core/tokens/draftTokenEstimate';
import type { MentionOutcome } from '../../../core/context/mentions';
import type { HostMessage } from '../../../shared/protocol';
import { modelView } from '../modelView';
import { readSettings, updateSetting } from '../../settings/settingsReader';
import type { WebviewHandlerGroup } from '../webviewMessageRouter';

export interface SettingsHandlerDeps {
  store: ConversationStore;
  estimates: DraftTokenEstimates;
  models: ServiceModels;
  post(message: HostMessage): void;
  /** The project rules the next request starts with, counted in the estimate. */
  instructions(): Promise<SystemMessage | undefined>;
  /** How the draft's @-mentions resolve (those that need no question), counted in the estimate. */
  mentions(draft: string): Promise<MentionOutcome[]>;
  /** The extracted text of the files attached so far, counted in the estimate. */
  attachedText(): SystemMessage[];
}

export function settingsHandlers(
  deps: SettingsHandlerDeps,
): WebviewHandlerGroup<'setModel' | 'setThinking' | 'setJsonMode' | 'setChoiceCount' | 'estimateTokens' | 'listModels'> {
  return {
    setModel: (message) => updateSetting('model', message.model),
    setThinking: (message) => updateSetting('thinking', message.enabled),
    setJsonMode: (message) => updateSetting('jsonMode', message.enabled),
    setChoiceCount: (message) => updateSetting('alternatives', message.choiceCount),
    estimateTokens: async (message) => {
      const settings = readSettings();
      const instructions = await deps.instructions();
      const mentions = await deps.mentions(message.draft);
      const attachments = deps.attachedText();
      return deps.estimates.request({
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(instructions ? { instructions } : {}),
        ...(mentions.length > 0 ? { mentions } : {}),
        requestId: message.requestId,
        model: message.model,
        conversation: message.conversationId ? deps.store.get(message.conversationId) : undefined,
        draft: message.draft,
        systemPrompt: settings.systemPrompt,
        maxCompletionTokens: settings.maxCompletionTokens,
        compactionThreshold: settings.compactionThreshold,
      });
    },
    listModels: async (message) => {
      const listing = await deps.models.refresh();
      deps.post({ type: 'models', requestId: message.requestId, models: listing.models.map((m) => modelView(m.id, m.info)) });
    },
  };
}
