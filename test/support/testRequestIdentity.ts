// The host's RequestIdentity as a test makes it: from settings as settings.json would hold them (by name
// without `svc.`), a fixed machine id and cache key, so a test can say exactly what a request carries.
import type { RequestIdentity } from '../../src/core/requests/requestIdentity';
import { chatSettingsFrom } from '../../src/extension/settings/chatSettings';
import { createRequestIdentity } from '../../src/extension/settings/requestIdentitySupplier';
import { safetyIdentifierFor } from '../../src/extension/settings/requestSettingsOf';

export const TEST_MACHINE_ID = 'test-machine';
export const TEST_CACHE_KEY = 'test-cache-key';
/** What the identity sends as safety_identifier when `safetyIdentifier: true` is among its settings. */
export const TEST_SAFETY_IDENTIFIER = safetyIdentifierFor(TEST_MACHINE_ID);

export function requestIdentityWith(settings: Record<string, unknown> = {}): RequestIdentity {
  return createRequestIdentity({ settings: () => chatSettingsFrom((name) => settings[name]).settings, machineId: TEST_MACHINE_ID, promptCacheKey: async () => TEST_CACHE_KEY });
}
