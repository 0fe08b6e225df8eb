// The request settings of the next chat reply or agent task: the user's settings, with the composer's
// choices (model, thinking, JSON mode, alternatives) where it made them.
import * as crypto from 'node:crypto';
import type { RequestSettings } from '../../core/requests/requestSettings';
import type { RequestChoices } from '../../core/requests/requestIdentity';
import type { ChatSettings } from './chatSettings';

/** The service recommends a hash, never the raw identity; VS Code's machine id hashed with sha256. */
export function safetyIdentifierFor(machineId: string): string {
  return crypto.createHash('sha256').update(machineId).digest('hex');
}

export interface RequestContext {
  /** VS Code's anonymous machine id, hashed into the safety identifier when the user opted in. */
  machineId: string;
  /** The composer's choices, which win over the settings. */
  choices?: RequestChoices | undefined;
}

export function requestSettingsOf(settings: ChatSettings, context: RequestContext): RequestSettings {
  const choices = context.choices ?? {};
  const request: RequestSettings = {
    model: choices.model ?? settings.model,
    thinking: choices.thinking ?? settings.thinking,
    jsonMode: choices.jsonMode ?? settings.jsonMode,
    choiceCount: choices.choiceCount ?? settings.choiceCount,
  };
  if (settings.temperature !== undefined) request.temperature = settings.temperature;
  if (settings.maxCompletionTokens !== undefined) request.maxCompletionTokens = settings.maxCompletionTokens;
  if (settings.safetyIdentifier) request.safetyIdentifier = safetyIdentifierFor(context.machineId);
  return request;
}
