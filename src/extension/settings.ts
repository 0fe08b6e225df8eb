// The `svc.*` settings, read in one place. Their rules are not repeated here: a sample request built
// from them goes through the client's validateChatRequest, and its issues are reported against the
// setting that caused them.
import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import { RequestValidationError, validateChatRequest } from '../api/index';
import { buildChatRequest, type ReplySettings } from '../core/chat/chatRequestBuilder';
import { DEFAULT_COMPACTION_THRESHOLD } from '../core/chat/compaction';
import type { ShowReasoning } from '../shared/protocol';
import { userSetting } from './userSettings';

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
  /** Share of the context past which a conversation is compacted before the next message; 0 turns it off. */
  compactionThreshold: number;
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

function compactionThreshold(value: unknown): number {
  const n = optionalNumber(value);
  return n !== undefined && n >= 0 && n < 1 ? n : DEFAULT_COMPACTION_THRESHOLD;
}

export function readSettings(): ChatSettings {
  const c = vscode.workspace.getConfiguration('svc');
  const showReasoning = c.get<string>('showReasoning', 'collapsed');
  return {
    baseUrl: userSetting<string>('baseUrl', GLOBAL_BASE_URL).trim() || GLOBAL_BASE_URL,
    model: c.get<string>('model', DEFAULT_MODEL).trim() || DEFAULT_MODEL,
    thinking: c.get<boolean>('thinking', true),
    temperature: optionalNumber(c.get('temperature')),
    maxCompletionTokens: optionalNumber(c.get('maxCompletionTokens')),
    jsonMode: c.get<boolean>('jsonMode', false),
    choiceCount: optionalNumber(c.get('alternatives')) ?? 1,
    showReasoning: showReasoning === 'expanded' || showReasoning === 'hidden' ? showReasoning : 'collapsed',
    safetyIdentifier: c.get<boolean>('safetyIdentifier', false),
    systemPrompt: userSetting<string>('systemPrompt', ''),
    requestTimeoutSeconds: optionalNumber(c.get('requestTimeoutSeconds')) ?? 600,
    emulatorSpeed: optionalNumber(c.get('emulator.speed')) ?? 0,
    compactionThreshold: compactionThreshold(c.get('compaction.threshold')),
  };
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * What is wrong with a service address, naming the setting: it must be https (the key travels in every
 * request), except on this computer's loopback address, where nothing crosses a network.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `svc.baseUrl: must be a URL such as ${GLOBAL_BASE_URL} (got "${baseUrl}")`;
  }
  const loopback = LOOPBACK_HOSTS.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return `svc.baseUrl: must start with https:// (http:// only for 127.0.0.1, localhost or [::1]); got ${url.protocol}//${url.host}`;
  }
  if (!/\/v1\/?$/.test(url.pathname)) return `svc.baseUrl: must end with /v1, e.g. ${GLOBAL_BASE_URL} (got ${baseUrl})`;
  return undefined;
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
  const address = baseUrlProblem(settings.baseUrl);
  if (address) problems.push(address);
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
