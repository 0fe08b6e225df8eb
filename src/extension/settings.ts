// The `svc.*` settings, read in one place. Their rules are not repeated here: a sample request built
// from them goes through the client's validateChatRequest, and its issues are reported against the
// setting that caused them.
import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { RequestValidationError, validateChatRequest } from '../api/index';
import { buildChatRequest, type ReplySettings } from '../core/chatRequestBuilder';
import type { ShowReasoning } from '../shared/protocol';

export const GLOBAL_BASE_URL = 'https://api.svc.ai/v1';
export const DEFAULT_MODEL = 'svc-k2.5';

export interface ChatSettings {
  baseUrl: string;
  model: string;
  thinking: boolean;
  temperature: number | undefined;
  maxCompletionTokens: number | undefined;
  jsonMode: boolean;
  choiceCount: number;
  showReasoning: ShowReasoning;
  safetyIdentifier: boolean;
  systemPrompt: string;
  requestTimeoutSeconds: number;
  emulatorSpeed: number;
}

/** Request fields and the settings that set them, to name the setting at fault. */
const SETTING_OF_FIELD: Record<string, string> = {
  model: 'svc.model',
  thinking: 'svc.thinking',
  temperature: 'svc.temperature',
  max_completion_tokens: 'svc.maxCompletionTokens',
  response_format: 'svc.jsonMode',
  n: 'svc.alternatives',
  safety_identifier: 'svc.safetyIdentifier',
};

function optionalNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function readSettings(): ChatSettings {
  const c = vscode.workspace.getConfiguration('svc');
  const showReasoning = c.get<string>('showReasoning', 'collapsed');
  return {
    baseUrl: c.get<string>('baseUrl', GLOBAL_BASE_URL).trim() || GLOBAL_BASE_URL,
    model: c.get<string>('model', DEFAULT_MODEL).trim() || DEFAULT_MODEL,
    thinking: c.get<boolean>('thinking', true),
    temperature: optionalNumber(c.get('temperature')),
    maxCompletionTokens: optionalNumber(c.get('maxCompletionTokens')),
    jsonMode: c.get<boolean>('jsonMode', false),
    choiceCount: optionalNumber(c.get('alternatives')) ?? 1,
    showReasoning: showReasoning === 'expanded' || showReasoning === 'hidden' ? showReasoning : 'collapsed',
    safetyIdentifier: c.get<boolean>('safetyIdentifier', false),
    systemPrompt: c.get<string>('systemPrompt', ''),
    requestTimeoutSeconds: optionalNumber(c.get('requestTimeoutSeconds')) ?? 600,
    emulatorSpeed: optionalNumber(c.get('emulator.speed')) ?? 0,
  };
}

/** The service recommends a hash, never the raw identity; VS Code's machine id hashed with sha256. */
export function safetyIdentifierFor(machineId: string): string {
  return crypto.createHash('sha256').update(machineId).digest('hex');
}

export function replySettings(settings: ChatSettings, overrides: Partial<ReplySettings> = {}): ReplySettings {
  const reply: ReplySettings = {
    model: settings.model,
    thinking: settings.thinking,
    jsonMode: settings.jsonMode,
    choiceCount: settings.choiceCount,
    ...overrides,
  };
  if (settings.temperature !== undefined) reply.temperature = settings.temperature;
  if (settings.maxCompletionTokens !== undefined) reply.maxCompletionTokens = settings.maxCompletionTokens;
  if (settings.safetyIdentifier) reply.safetyIdentifier = safetyIdentifierFor(vscode.env.machineId);
  return reply;
}

/**
 * What is wrong with the settings, one line per problem, naming the setting and what is allowed.
 * JSON mode's own rule (the prompt must ask for JSON) is about the message, so the sample asks for JSON.
 */
export function settingsProblems(settings: ChatSettings): string[] {
  const problems: string[] = [];
  try {
    const url = new URL(settings.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push(`svc.baseUrl: must start with https:// (got ${url.protocol})`);
    else if (!/\/v1\/?$/.test(url.pathname)) problems.push(`svc.baseUrl: must end with /v1, e.g. ${GLOBAL_BASE_URL} (got ${settings.baseUrl})`);
  } catch {
    problems.push(`svc.baseUrl: must be a URL such as ${GLOBAL_BASE_URL} (got "${settings.baseUrl}")`);
  }
  const sample = buildChatRequest([{ role: 'user', content: 'Answer in JSON: {"ok": true}' }], replySettings(settings), 'settings-check');
  try {
    validateChatRequest(sample);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    for (const issue of error.issues) {
      const setting = SETTING_OF_FIELD[issue.field.split(/[.[]/)[0] ?? ''];
      problems.push(`${setting ?? issue.field}: ${issue.message}`);
    }
  }
  return problems;
}
