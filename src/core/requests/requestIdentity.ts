// Who a request comes from and what it asks for by default, in one place for every feature that talks
// to the service (chat, agent, language-model provider, commit message, inline edit): the workspace's
// prompt_cache_key, the safety identifier the user opted into, and the user's request settings. Built once
// by the host; a feature that sends a request takes its fields from here rather than from the settings.
import type { RequestSettings } from './requestSettings';

/** The choices of one request that win over the user's settings (the composer's, a caller's model). */
export type RequestChoices = Partial<Pick<RequestSettings, 'model' | 'thinking' | 'jsonMode' | 'choiceCount'>>;

export interface RequestIdentity {
  /** One key per workspace, shared by chats, agent tasks and the provider, so the service's prompt cache spans them. */
  promptCacheKey(): Promise<string>;
  /** The hashed identity for the service's abuse detection; undefined unless the user opted in. */
  safetyIdentifier(): string | undefined;
  /** The user's request settings (model defaults, temperature, limit, safety identifier) with `choices` winning. */
  settings(choices?: RequestChoices): RequestSettings;
}
