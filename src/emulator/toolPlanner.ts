// When tools are offered, decides whether the user asked for something one of them can do (a
// calculation, running code, fetching a URL, a conversion, a search, the date, base64) and builds a
// call with arguments that fit that tool's declared parameters.
import type { ToolDefinition } from '../api/schemas';

export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
  /** One line of the model's reasoning about why it calls the tool. */
  why: string;
}

interface Intent {
  kind: 'fetch' | 'python' | 'javascript' | 'convert' | 'calculate' | 'search' | 'date' | 'base64_encode' | 'base64_decode';
  /** Semantic values, mapped onto the tool's own parameter names. */
  values: Record<string, unknown>;
  why: string;
}

const TOOL_NAME_HINTS: Record<Intent['kind'], RegExp[]> = {
  fetch: [/fetch|browse|url|web_?page|http/i],
  python: [/code_runner|python/i, /run|exec|code/i],
  javascript: [/quickjs|javascript|\bjs\b|eval/i, /run|exec|code/i],
  convert: [/convert|unit/i],
  calculate: [/calc|math|quickjs|eval|arith/i, /code_runner|python|run|exec/i],
  search: [/search/i],
  date: [/date|time|clock/i],
  base64_encode: [/base64_?encode|encode/i],
  base64_decode: [/base64_?decode|decode/i],
};

const SYNONYMS: Record<string, string[]> = {
  url: ['url', 'uri', 'link', 'href', 'address'],
  code: ['code', 'source', 'script', 'program', 'expression', 'expr', 'js', 'python'],
  query: ['query', 'q', 'keywords', 'search', 'text', 'question'],
  value: ['value', 'amount', 'number', 'quantity'],
  from: ['from', 'from_unit', 'source_unit', 'unit_from'],
  to: ['to', 'to_unit', 'target_unit', 'unit_to'],
  text: ['text', 'data', 'input', 'string', 'content'],
  action: ['action', 'operation', 'op', 'mode'],
};

const UNIT_WORD = "[A-Za-z°µ$€£¥][A-Za-z°µ²³/ ]{0,24}?";
const CONVERT_PATTERN = new RegExp(`(-?\\d+(?:\\.\\d+)?)\\s*(${UNIT_WORD})\\s+(?:to|in|into|as)\\s+(${UNIT_WORD})\\s*(?:[?.!]|$)`, 'i');
const EXPRESSION_PATTERN = /(?:^|[^\w.])((?:[-(√]*\s*\d+(?:\.\d+)?\s*\)*\s*(?:[-+*/^%×÷]|\*\*)\s*)+[-(]*\s*\d+(?:\.\d+)?\s*\)*)/;
const FENCE_PATTERN = /```([\w+-]*)\n([\s\S]*?)```/;

function detectIntent(text: string): Intent | undefined {
  const url = /\bhttps?:\/\/[^\s<>"'`)]+/i.exec(text)?.[0];
  if (url) return { kind: 'fetch', values: { url: url.replace(/[.,;:]+$/, '') }, why: `The user gave a URL (${url}); I should fetch it.` };
  const fence = FENCE_PATTERN.exec(text);
  if (fence && /\b(run|execute|output|result|print)/i.test(text)) {
    const lang = fence[1]!.toLowerCase();
    const code = fence[2]!;
    const js = ['js', 'javascript', 'ts', 'typescript', 'mjs'].includes(lang) || (!lang && /\b(console\.log|const|let)\b/.test(code));
    return { kind: js ? 'javascript' : 'python', values: { code }, why: `The user wants this ${js ? 'JavaScript' : 'Python'} code run.` };
  }
  const conversion = /\bconvert\b|\bhow many\b|\bin\s+\w+\s*\?/i.test(text) ? CONVERT_PATTERN.exec(text) : null;
  if (conversion) {
    return {
      kind: 'convert',
      values: { value: Number(conversion[1]), from: conversion[2]!.trim(), to: conversion[3]!.trim() },
      why: `The user wants ${conversion[1]} ${conversion[2]!.trim()} converted to ${conversion[3]!.trim()}.`,
    };
  }
  const expression = EXPRESSION_PATTERN.exec(text)?.[1]?.trim();
  if (expression && /\d\s*(?:[-+*/^%×÷]|\*\*)\s*[-(√]*\d/.test(expression)) {
    const normalised = expression.replace(/×/g, '*').replace(/÷/g, '/').replace(/\^/g, '**');
    return { kind: 'calculate', values: { code: normalised }, why: `The user asks for a calculation: ${expression}. A tool computes it exactly.` };
  }
  const search = /\b(?:search(?: the web| online)?(?: for)?|look up|google)\s+(.+?)[.?!]*$/im.exec(text);
  if (search) return { kind: 'search', values: { query: search[1]!.trim() }, why: `The user wants a web search for "${search[1]!.trim()}".` };
  if (/\bwhat(?:'s| is)? (?:the )?(?:current )?(?:time|date|day)\b|\btoday'?s date\b/i.test(text)) {
    return { kind: 'date', values: { action: 'now' }, why: 'The user asks for the current date or time.' };
  }
  const b64 = /\bbase64[- ]?(encode|decode)\s*:?\s*["'`]?([^"'`\n]+)["'`]?/i.exec(text) ?? /\b(encode|decode)\s+["'`]?([^"'`\n]+?)["'`]?\s+(?:in|to|from)\s+base64/i.exec(text);
  if (b64) {
    const decode = b64[1]!.toLowerCase() === 'decode';
    return { kind: decode ? 'base64_decode' : 'base64_encode', values: { text: b64[2]!.trim() }, why: `The user wants base64 ${decode ? 'decoding' : 'encoding'}.` };
  }
  return undefined;
}

function pickTool(tools: readonly ToolDefinition[], intent: Intent): ToolDefinition | undefined {
  for (const hint of TOOL_NAME_HINTS[intent.kind]) {
    const byName = tools.find((t) => hint.test(t.function.name));
    if (byName) return byName;
  }
  return undefined;
}

function semanticValue(prop: string, values: Record<string, unknown>): unknown {
  const lower = prop.toLowerCase();
  for (const [semantic, names] of Object.entries(SYNONYMS)) {
    if (names.includes(lower) && values[semantic] !== undefined) return values[semantic];
  }
  return undefined;
}

function argumentsFor(tool: ToolDefinition, intent: Intent, language: 'python' | 'javascript'): Record<string, unknown> {
  const values = { ...intent.values };
  if (intent.kind === 'calculate' && language === 'python') values.code = `print(${String(values.code)})`;
  if (intent.kind === 'base64_decode') values.data = values.text;
  const properties = tool.function.parameters?.properties ?? {};
  const required = tool.function.parameters?.required ?? [];
  const args: Record<string, unknown> = {};
  for (const [prop, schema] of Object.entries(properties)) {
    let value = semanticValue(prop, values);
    if (value === undefined && prop in values) value = values[prop];
    if (value === undefined && required.includes(prop) && schema.type === 'string') {
      value = values.code ?? values.url ?? values.query ?? values.text;
    }
    if (value !== undefined) args[prop] = schema.type === 'string' && typeof value !== 'string' ? String(value) : value;
  }
  if (Object.keys(properties).length === 0) Object.assign(args, values);
  return args;
}

export function planToolCall(text: string, tools: readonly ToolDefinition[]): PlannedCall | undefined {
  const intent = detectIntent(text);
  if (!intent) return undefined;
  const tool = pickTool(tools, intent);
  if (!tool) return undefined;
  const language = /code_runner|python/i.test(tool.function.name) ? 'python' : 'javascript';
  return { name: tool.function.name, arguments: argumentsFor(tool, intent, language), why: intent.why };
}
