// The settings the view shows and changes.
import type { UiSettings } from '../../shared/protocol';
import type { ChatSettings } from '../settings/chatSettings';

/** The view offers one to five alternatives, whatever the setting holds. */
export function uiSettings(settings: ChatSettings): UiSettings {
  return {
    model: settings.model,
    thinking: settings.thinking,
    jsonMode: settings.jsonMode,
    showReasoning: settings.showReasoning,
    choiceCount: Math.min(5, Math.max(1, Math.trunc(settings.choiceCount))),
  };
}
