// The one RequestIdentity of the host, made in chatHost.ts: the settings as they are when a request is
// built (so a change applies to the next request), VS Code's machine id hashed into the safety identifier,
// and the workspace's cache key.
import type { RequestChoices, RequestIdentity } from '../../core/requests/requestIdentity';
import type { ChatSettings } from './chatSettings';
import { requestSettingsOf, safetyIdentifierFor } from './requestSettingsOf';

export interface RequestIdentitySources {
  /** The settings now (settingsReader's readSettings in the host). */
  settings(): ChatSettings;
  /** VS Code's anonymous machine id. */
  machineId: string;
  promptCacheKey(): Promise<string>;
}

export function createRequestIdentity(sources: RequestIdentitySources): RequestIdentity {
  return {
    promptCacheKey: () => sources.promptCacheKey(),
    safetyIdentifier: () => (sources.settings().safetyIdentifier ? safetyIdentifierFor(sources.machineId) : undefined),
    settings: (choices?: RequestChoices) => requestSettingsOf(sources.settings(), { machineId: sources.machineId, choices }),
  };
}
