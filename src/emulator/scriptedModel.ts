// The emulator's deterministic model. A matching scenario decides the reply; otherwise it answers
// from what it was given: tool results, a tool call when a tool can do what was asked, a structural
// summary of pasted or attached text, or a short direct answer. Same input, same output.
import { ENCRYPTED_BEGIN, ENCRYPTED_END, type ChatMessage, type ContentPart, type ToolDefinition } from '../api/schemas';
import type { Scenario } from './options';
import { completionReply, isCompletionRequest } from './codeCompletion';
import { isNextEditRequest, nextEditReply } from './nextEditSuggestion';
import { inlineEditReply, isInlineEditRequest } from './inlineEditRewrite';
import { findScenario, type ConversationFacts } from './scenarios';
import { analyseText, describeStructure, languageFromFence, languageFromName } from './textStructure';
import { commitMessageReply } from './commitMessageReply';
import { messageText } from './tokenizer';
import { planToolCall } from './toolPlanner';
import { followSkill, planSkillUse, skillNamedByUser, USE_SKILL, type SkillStep } from './skillUse';

export interface ReplyToolCall {
  id: string;
  name: string;
  /** JSON text, as it goes on the wire. */
  arguments: string;
}

export interface ModelReply {
  /** Present only when thinking is on. */
  reasoning: string | undefined;
  content: string;
  toolCalls: ReplyToolCall[];
}

export interface ModelInput {
  model: string;
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[] | undefined;
  thinking: boolean;
  jsonMode: boolean;
}

interface Attachment {
  name: string | undefined;
  language: string | undefined;
  text: string;
}

const EXPLAIN = /\b(explain|summari[sz]e|summary|describe|what does|what is (?:this|in)|overview|review|walk me through|tl;?dr)\b/i;

function lastUserIndex(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'user') return i;
  return -1;
}

interface ToolAnswer {
  /** Function name of the call the tool message answers (by tool_call_id; else the message's own name). */
  name: string | undefined;
  text: string;
}

/** The tool messages after the last user message, in order, each with the name of the call it answers. */
function toolAnswersSinceUser(messages: readonly ChatMessage[]): ToolAnswer[] {
  const answers: ToolAnswer[] = [];
  const callNames = new Map<string, string>();
  for (const message of messages.slice(lastUserIndex(messages) + 1)) {
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) callNames.set(call.id, call.function.name);
    if (message.role === 'tool') answers.push({ name: callNames.get(message.tool_call_id) ?? message.name, text: messageText(message) });
  }
  return answers;
}

function facts(input: ModelInput): ConversationFacts {
  const i = lastUserIndex(input.messages);
  const answers = toolAnswersSinceUser(input.messages);
  return {
    lastUserText: i >= 0 ? messageText(input.messages[i]!) : '',
    hasTools: (input.tools?.length ?? 0) > 0,
    lastIsToolResult: input.messages[input.messages.length - 1]?.role === 'tool',
    toolStepsSinceUser: input.messages.slice(i + 1).filter((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0).length,
    toolResultsSinceUser: answers.length,
    lastToolName: answers[answers.length - 1]?.name,
    model: input.model,
  };
}

function lastToolResult(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'tool') return messageText(messages[i]!);
  return '';
}

function fill(template: string, f: ConversationFacts, messages: readonly ChatMessage[]): string {
  const answers = toolAnswersSinceUser(messages);
  return template
    .replaceAll('{{lastUserText}}', f.lastUserText)
    .replaceAll('{{lastToolResult}}', lastToolResult(messages))
    .replace(/\{\{toolResult:([A-Za-z_][A-Za-z0-9_-]*)\}\}/g, (_, name: string) => answers.findLast((a) => a.name === name)?.text ?? '')
    // Every result of one function since the user's message, as several calls of one step return them.
    .replace(/\{\{toolResults:([A-Za-z_][A-Za-z0-9_-]*)\}\}/g, (_, name: string) => answers.filter((a) => a.name === name).map((a) => a.text).join('\n\n'));
}

function callId(name: string, index: number): string {
  return `${name}_${index}`;
}

/** Files the caller placed as system messages in the files-API format, fenced blocks, long pastes. */
function attachments(messages: readonly ChatMessage[], lastUser: string): Attachment[] {
  const found: Attachment[] = [];
  for (const message of messages) {
    if (message.role !== 'system') continue;
    const text = messageText(message);
    try {
      const parsed = JSON.parse(text) as { content?: unknown; filename?: unknown };
      if (typeof parsed.content === 'string') {
        const name = typeof parsed.filename === 'string' ? parsed.filename : undefined;
        found.push({ name, language: name ? languageFromName(name) : undefined, text: parsed.content });
      }
    } catch {
      // Not a files-API extraction: an ordinary system prompt.
    }
  }
  for (const m of lastUser.matchAll(/(?:`([^`\n]+\.\w+)`[^\n]*\n+)?```([\w+-]*)\n([\s\S]*?)```/g)) {
    const name = m[1];
    found.push({ name, language: (m[2] ? languageFromFence(m[2]) : undefined) ?? (name ? languageFromName(name) : undefined), text: m[3]! });
  }
  if (found.length === 0) {
    const lines = lastUser.split('\n');
    if (lines.length >= 4) found.push({ name: undefined, language: undefined, text: lines.slice(1).join('\n') });
  }
  return found;
}

function mediaParts(messages: readonly ChatMessage[]): ContentPart[] {
  const i = lastUserIndex(messages);
  const content = i >= 0 ? messages[i]!.content : undefined;
  return Array.isArray(content) ? content.filter((p) => p.type !== 'text') : [];
}

function describeMedia(parts: readonly ContentPart[]): string {
  const lines = parts.map((p) => {
    const url = p.type === 'image_url' ? p.image_url.url : p.type === 'video_url' ? p.video_url.url : '';
    const kind = p.type === 'video_url' ? 'video' : 'image';
    if (url.startsWith('ms://')) return `- a ${kind} uploaded as file \`${url.slice(5)}\``;
    const subtype = /^data:\w+\/([\w.+-]+);/.exec(url)?.[1] ?? 'unknown';
    const bytes = Math.floor((url.length - url.indexOf(',') - 1) * 0.75);
    return `- an inline ${subtype} ${kind} of about ${bytes} bytes`;
  });
  return `I received ${parts.length} visual input${parts.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n\nThe local emulator cannot see pixels, so this is a description of what was sent, not of the picture.`;
}

/** Protected formula output is opaque to callers, not to the model: the emulator reads its own envelope. */
function readable(text: string): string {
  if (!text.startsWith(ENCRYPTED_BEGIN) || !text.endsWith(ENCRYPTED_END)) return text;
  try {
    const payload = JSON.parse(Buffer.from(text.slice(ENCRYPTED_BEGIN.length, -ENCRYPTED_END.length), 'base64').toString('utf8')) as { query?: string; results?: unknown[]; note?: string };
    return `search for "${payload.query ?? ''}": ${payload.results?.length ?? 0} result(s). ${payload.note ?? ''}`.trim();
  } catch {
    return 'an encrypted result that could not be read';
  }
}

function answerFromToolResults(messages: readonly ChatMessage[]): { content: string; why: string } {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role === 'tool') start--;
  const caller = messages[start - 1];
  const calls = caller?.role === 'assistant' ? (caller.tool_calls ?? []) : [];
  const results = messages.slice(start).map((m) => {
    const call = calls.find((c) => m.role === 'tool' && c.id === m.tool_call_id);
    return { name: call?.function.name ?? (m.role === 'tool' ? m.name : undefined) ?? 'the tool', text: readable(messageText(m).trim()) };
  });
  if (results.length === 1) {
    const { name, text } = results[0]!;
    const shown = text.length > 4000 ? `${text.slice(0, 4000)}\n…(${text.length - 4000} more characters)` : text;
    const oneLine = !shown.includes('\n') && shown.length < 200;
    return {
      content: oneLine ? `The \`${name}\` tool returned: **${shown}**` : `Here is what the \`${name}\` tool returned:\n\n${shown}`,
      why: `The ${name} tool answered; I report its result.`,
    };
  }
  return {
    content: `The tools returned:\n\n${results.map((r) => `- \`${r.name}\`: ${r.text.split('\n')[0]!.slice(0, 300)}`).join('\n')}`,
    why: `${results.length} tool results arrived; I combine them.`,
  };
}

function directAnswer(text: string): { content: string; why: string } {
  const exact = /\b(?:reply|respond|answer|say)\s+(?:with\s+)?(?:exactly|only|just)?\s*[:]?\s*["'“]([^"'”]+)["'”]/i.exec(text);
  if (exact) return { content: exact[1]!, why: `The user asks for exactly "${exact[1]}".` };
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text)) {
    return { content: 'Hello! I am the local svc emulator. Ask me to explain some code, run a calculation, or use a tool.', why: 'A greeting; I greet back.' };
  }
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return {
    content: `You asked: "${text.trim().slice(0, 300)}"\n\nI am the local svc emulator, a deterministic stand-in for the real model, so I cannot answer open questions. I can summarise pasted or attached text, call offered tools for calculations, code, URLs, conversions and searches, and follow scripted scenarios. (Your message has ${words} word${words === 1 ? '' : 's'}.)`,
    why: 'No tool or attached text applies; I say what I can do.',
  };
}

export class ScriptedModel {
  constructor(private readonly scenarios: readonly Scenario[]) {}

  reply(input: ModelInput): ModelReply {
    const f = facts(input);
    const scenario = findScenario(this.scenarios, f);
    if (scenario) {
      const calls = (scenario.reply.toolCalls ?? []).map((c, i) => ({
        id: callId(c.name, i),
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      }));
      const why = `Scenario ${scenario.name ? `"${scenario.name}"` : 'matched'} applies.`;
      const exact = scenario.reply.reasoning !== undefined ? fill(scenario.reply.reasoning, f, input.messages) : undefined;
      return this.finish(input, f, why, fill(scenario.reply.content ?? '', f, input.messages), calls, exact);
    }
    if (isCompletionRequest(input.messages)) {
      return this.finish(input, f, 'A completion: I continue the code as it goes elsewhere in the file.', completionReply(input.messages), []);
    }
    if (isNextEditRequest(input.messages)) {
      return this.finish(input, f, 'A next edit: I change the next occurrence of the word the newest edit changed.', nextEditReply(input.messages), []);
    }
    if (isInlineEditRequest(input.messages)) {
      return this.finish(input, f, 'An inline edit: I rewrite the given lines as instructed.', inlineEditReply(input.messages), []);
    }
    const commitMessage = commitMessageReply(input.messages);
    if (commitMessage !== undefined) return this.finish(input, f, 'The request asks for a commit message; I name the changed files.', commitMessage, []);
    const skillResult = f.lastIsToolResult && f.lastToolName === USE_SKILL ? lastToolResult(input.messages) : undefined;
    if (skillResult?.startsWith('Skill ')) return this.step(input, f, followSkill(skillResult, input.tools ?? []));
    if (f.lastIsToolResult) {
      const { content, why } = answerFromToolResults(input.messages);
      return this.finish(input, f, why, content, []);
    }
    const named = f.toolStepsSinceUser === 0 ? skillNamedByUser(f.lastUserText) : undefined;
    if (named !== undefined) return this.step(input, f, followSkill(named, input.tools ?? []));
    if (f.hasTools) {
      const skill = f.toolStepsSinceUser === 0 ? planSkillUse(f.lastUserText, input.messages, input.tools ?? []) : undefined;
      if (skill) return this.finish(input, f, skill.why, '', [{ id: callId(USE_SKILL, 0), name: USE_SKILL, arguments: JSON.stringify({ name: skill.name }) }]);
      const planned = planToolCall(f.lastUserText, input.tools ?? []);
      if (planned) {
        return this.finish(input, f, planned.why, '', [{ id: callId(planned.name, 0), name: planned.name, arguments: JSON.stringify(planned.arguments) }]);
      }
    }
    const media = mediaParts(input.messages);
    if (media.length > 0) return this.finish(input, f, 'The user sent visual input; I describe what arrived.', describeMedia(media), []);
    const attached = attachments(input.messages, f.lastUserText);
    if (attached.length > 0 && (EXPLAIN.test(f.lastUserText) || attached.some((a) => a.name !== undefined))) {
      const content = attached.map((a) => describeStructure(analyseText(a.text, a.language), a.name)).join('\n\n---\n\n');
      return this.finish(input, f, `The user attached ${attached.length} text${attached.length === 1 ? '' : 's'} and wants an explanation; I look at the structure.`, content, []);
    }
    const { content, why } = directAnswer(f.lastUserText);
    return this.finish(input, f, why, content, []);
  }

  private step(input: ModelInput, f: ConversationFacts, step: SkillStep): ModelReply {
    if (step.kind === 'answer') return this.finish(input, f, step.why, step.content, []);
    return this.finish(input, f, step.why, '', [{ id: callId(step.name, 0), name: step.name, arguments: JSON.stringify(step.arguments) }]);
  }

  private finish(input: ModelInput, f: ConversationFacts, why: string, content: string, toolCalls: ReplyToolCall[], exactReasoning?: string): ModelReply {
    const asked = f.lastUserText.trim().replace(/\s+/g, ' ');
    const reasoning = !input.thinking
      ? undefined
      : exactReasoning !== undefined
        ? exactReasoning
        : `The user wrote: "${asked.length > 160 ? `${asked.slice(0, 160)}…` : asked}". ${why}${toolCalls.length > 0 ? ` I will call ${toolCalls.map((c) => c.name).join(', ')}.` : ''}`;
    return { reasoning, content: input.jsonMode ? asJson(content, toolCalls) : content, toolCalls };
  }
}

function asJson(content: string, toolCalls: readonly ReplyToolCall[]): string {
  if (toolCalls.length > 0 && content === '') return content;
  try {
    JSON.parse(content);
    return content;
  } catch {
    return JSON.stringify({ answer: content });
  }
}
