// How many tokens a reply may use when the user set no limit. The service's own default (1,024) leaves a
// thinking model no room to answer after it reasoned, so a thinking model gets what the service recommends
// for it, bounded by half the model's context where that is known.
import { isThinkingOn, modelInfo } from '../../api/index';
import type { RequestSettings } from './requestSettings';

/** The service recommends at least 16,000 for thinking models. */
export const THINKING_COMPLETION_TOKENS = 16_000;

/** Whether the request's model thinks with these settings (an unknown model: no). */
export function thinksWith(settings: Pick<RequestSettings, 'model' | 'thinking'>): boolean {
  const info = modelInfo(settings.model);
  return info !== undefined && isThinkingOn(info, { type: settings.thinking ? 'enabled' : 'disabled' });
}

/**
 * The limit sent for these settings: the user's, else the model default (`fallback` for a model that does
 * not think; undefined leaves it to the service).
 */
export function completionTokenCap(settings: Pick<RequestSettings, 'model' | 'thinking' | 'maxCompletionTokens'>, fallback?: number, contextLength = modelInfo(settings.model)?.contextLength): number | undefined {
  if (settings.maxCompletionTokens !== undefined) return settings.maxCompletionTokens;
  const wanted = thinksWith(settings) ? THINKING_COMPLETION_TOKENS : fallback;
  return wanted === undefined || contextLength === undefined ? wanted : Math.min(wanted, Math.floor(contextLength / 2));
}
