// What is wrong with the settings, one line per problem, naming the setting and what is allowed. The
// service's rules are not repeated here: a sample request built from the settings for the model in
// effect goes through the client's validateChatRequest, and its issues are reported against the setting
// that caused them (the field each setting sets is in its rule, chatSettings.ts). The temperature is
// checked whatever the model: a model whose temperature is fixed never receives it, but the next model
// chosen in the chat would.
import { isLoopbackHost, LIMITS, RequestValidationError, validateChatRequest } from '../../api/index';
import * as l10n from '../../core/l10n';
import { buildChatRequest } from '../../core/chat/chatRequestBuilder';
import { issueText } from '../../core/chat/requestIssueText';
import { GLOBAL_BASE_URL, settingOfField, type ChatSettings } from './chatSettings';
import { requestSettingsOf } from './requestSettingsOf';

/**
 * What is wrong with a service address, naming the setting: it must be https (the key travels in every
 * request), except on this computer's loopback address, where nothing crosses a network.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return l10n.t('{0}: must be a URL such as {1} (got "{2}")', 'svc.baseUrl', GLOBAL_BASE_URL, baseUrl);
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return l10n.t('{0}: must start with https:// (http:// only for 127.0.0.1, localhost or [::1]); got {1}', 'svc.baseUrl', `${url.protocol}//${url.host}`);
  }
  if (!/\/v1\/?$/.test(url.pathname)) return l10n.t('{0}: must end with /v1, e.g. {1} (got {2})', 'svc.baseUrl', GLOBAL_BASE_URL, baseUrl);
  return undefined;
}

function temperatureProblem(temperature: number | undefined): string | undefined {
  if (temperature === undefined || (temperature >= LIMITS.temperatureMin && temperature <= LIMITS.temperatureMax)) return undefined;
  return l10n.t("{0}: must be a number from {1} to {2}, or empty (null) for the model's default (got {3})", 'svc.temperature', LIMITS.temperatureMin, LIMITS.temperatureMax, temperature);
}

/**
 * The problems of settings whose values are of the right kind (chatSettingsFrom reports the others), for
 * the model in effect. JSON mode's own rule (the prompt must ask for JSON) is about the message, so the
 * sample asks for JSON.
 */
export function settingsProblems(settings: ChatSettings): string[] {
  const problems: string[] = [];
  const address = baseUrlProblem(settings.baseUrl);
  if (address) problems.push(address);
  const temperature = temperatureProblem(settings.temperature);
  if (temperature) problems.push(temperature);
  // Said once: the sample leaves out a temperature already reported.
  const checked = temperature ? { ...settings, temperature: undefined } : settings;
  const sample = buildChatRequest([{ role: 'user', content: 'Answer in JSON: {"ok": true}' }], requestSettingsOf(checked, { machineId: 'settings-check' }), 'settings-check');
  try {
    validateChatRequest(sample);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    for (const issue of error.issues) {
      const setting = settingOfField(issue.field.split(/[.[]/)[0] ?? '');
      problems.push(issueText({ ...issue, field: setting ?? issue.field }));
    }
  }
  return problems;
}
