// What the scripted model "reads" in pasted or attached text: its language, size, top-level
// declarations and first comment, found by looking at the text itself.

export interface TextStructure {
  language: string;
  lines: number;
  declarations: string[];
  firstComment: string | undefined;
  /** Extra facts for data formats (JSON keys, CSV columns, Markdown headings). */
  details: string[];
}

const EXTENSION_LANGUAGES: Record<string, string> = {
  ts: 'TypeScript', tsx: 'TypeScript', js: 'JavaScript', jsx: 'JavaScript', mjs: 'JavaScript', cjs: 'JavaScript',
  py: 'Python', py3: 'Python', go: 'Go', c: 'C', h: 'C', cpp: 'C++', cc: 'C++', cxx: 'C++', cs: 'C#', java: 'Java',
  php: 'PHP', rb: 'Ruby', rs: 'Rust', css: 'CSS', html: 'HTML', md: 'Markdown', json: 'JSON', yaml: 'YAML', yml: 'YAML',
  csv: 'CSV', log: 'log', sh: 'shell', txt: 'plain text',
};

const FENCE_LANGUAGES: Record<string, string> = {
  typescript: 'TypeScript', javascript: 'JavaScript', python: 'Python', golang: 'Go', rust: 'Rust', ruby: 'Ruby',
  bash: 'shell', shell: 'shell', sh: 'shell', 'c++': 'C++', csharp: 'C#', markdown: 'Markdown', ...EXTENSION_LANGUAGES,
};

export function languageFromName(name: string): string | undefined {
  const ext = /\.([A-Za-z0-9+]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext ? EXTENSION_LANGUAGES[ext] : undefined;
}

export function languageFromFence(tag: string): string | undefined {
  return FENCE_LANGUAGES[tag.toLowerCase()];
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

export function guessLanguage(text: string): string {
  if (looksLikeJson(text)) return 'JSON';
  if (/^\s*<(!doctype html|html|head|body|div|p)\b/i.test(text)) return 'HTML';
  if (/^\s*(interface|type)\s+\w+|:\s*(string|number|boolean)\b|\bimport\s+.*\bfrom\s+['"]/m.test(text) && /\b(const|let|function|interface|export)\b/.test(text)) {
    return /:\s*(string|number|boolean|void)\b|^\s*(export\s+)?(interface|type)\s+\w+/m.test(text) ? 'TypeScript' : 'JavaScript';
  }
  if (/^\s*(def|class)\s+\w+.*:\s*$|^\s*(import \w+|from \w+(\.\w+)* import )/m.test(text)) return 'Python';
  if (/^\s*package\s+\w+\s*$/m.test(text) && /^\s*func\s/m.test(text)) return 'Go';
  if (/^\s*#include\s*[<"]/m.test(text)) return /\b(std::|class|namespace)\b/.test(text) ? 'C++' : 'C';
  if (/^\s*(public|private)\s+(static\s+)?(class|void|int)\b/m.test(text)) return 'Java';
  if (/^\s*(function\s+\w+|const\s+\w+\s*=|let\s+\w+|module\.exports|export\s+(default|function|const))/m.test(text)) return 'JavaScript';
  if (/^\s*fn\s+\w+|^\s*use\s+\w+::/m.test(text)) return 'Rust';
  if (/^#{1,6}\s+\S/m.test(text)) return 'Markdown';
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/m.test(text) && /\b(INFO|WARN|ERROR|DEBUG)\b/.test(text)) return 'log';
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length >= 2 && lines.every((l) => /^[\w.-]+\s*:(\s|$)/.test(l) || /^\s+\S/.test(l) || /^\s*-\s/.test(l))) return 'YAML';
  const commas = lines.map((l) => l.split(',').length);
  if (lines.length >= 2 && commas[0]! > 1 && commas.every((c) => c === commas[0])) return 'CSV';
  return 'plain text';
}

const DECLARATIONS: Record<string, RegExp> = {
  TypeScript: /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/,
  JavaScript: /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)/,
  Python: /^(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)/,
  Go: /^(func|type|var|const)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/,
  Rust: /^(?:pub(?:\([^)]*\))?\s+)?(fn|struct|enum|trait|impl|mod|const|static)\s+([A-Za-z_]\w*)/,
  Java: /^(?:public\s+|private\s+|protected\s+)?(?:abstract\s+|final\s+)?(class|interface|enum|record)\s+([A-Za-z_]\w*)/,
  'C#': /^(?:public\s+|internal\s+)?(?:static\s+|abstract\s+|sealed\s+)?(class|interface|enum|struct|record|namespace)\s+([A-Za-z_][\w.]*)/,
  C: /^(?:static\s+)?(?:[A-Za-z_][\w\s*]*?)\s+\**([A-Za-z_]\w*)\s*\([^;]*$/,
  'C++': /^(class|struct|namespace|enum)\s+([A-Za-z_]\w*)/,
  PHP: /^(?:final\s+|abstract\s+)?(function|class|interface|trait)\s+([A-Za-z_]\w*)/,
  Ruby: /^(def|class|module)\s+([A-Za-z_][\w:.]*)/,
  shell: /^(?:function\s+)?([A-Za-z_]\w*)\s*\(\)\s*\{?/,
};

function declarationsOf(language: string, lines: readonly string[]): string[] {
  const pattern = DECLARATIONS[language];
  if (!pattern) return [];
  const found: string[] = [];
  for (const line of lines) {
    // Top level only: declarations indented under something else are members, not top-level.
    if (/^\s/.test(line)) continue;
    const m = pattern.exec(line);
    if (!m) continue;
    if (m.length >= 3 && m[2] !== undefined) found.push(`${m[1]} ${m[2]}`);
    else if (m[1] !== undefined) found.push(`function ${m[1]}`);
  }
  return found;
}

function firstCommentOf(language: string, text: string): string | undefined {
  const hashComments = ['Python', 'shell', 'YAML', 'Ruby'].includes(language);
  const patterns = hashComments
    ? [/^\s*#(?!!)\s?(.+)$/m, /^\s*("""|''')([\s\S]*?)\1/m]
    : language === 'HTML' || language === 'Markdown'
      ? [/<!--([\s\S]*?)-->/]
      : [/\/\*+!?([\s\S]*?)\*\//, /^\s*\/\/[/!]?\s?(.+)$/m];
  let best: { index: number; text: string } | undefined;
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    if (!m) continue;
    const body = (m[2] ?? m[1] ?? '').split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim()).filter(Boolean).join(' ');
    if (body && (!best || m.index < best.index)) best = { index: m.index, text: body };
  }
  return best?.text;
}

function dataDetails(language: string, text: string, lines: readonly string[]): string[] {
  if (language === 'JSON') {
    const value: unknown = JSON.parse(text.trim());
    if (Array.isArray(value)) return [`a JSON array of ${value.length} item(s)`];
    if (value && typeof value === 'object') return [`top-level keys: ${Object.keys(value).join(', ') || '(none)'}`];
  }
  if (language === 'CSV') {
    const rows = lines.filter((l) => l.trim() !== '');
    return [`columns: ${rows[0]!.split(',').map((c) => c.trim()).join(', ')}`, `${rows.length - 1} data row(s)`];
  }
  if (language === 'Markdown') {
    const headings = lines.filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s*/, ''));
    return headings.length > 0 ? [`headings: ${headings.join(' / ')}`] : [];
  }
  if (language === 'YAML') {
    const keys = lines.filter((l) => /^[\w.-]+\s*:/.test(l)).map((l) => l.split(':')[0]!.trim());
    return keys.length > 0 ? [`top-level keys: ${keys.join(', ')}`] : [];
  }
  if (language === 'log') {
    const levels = ['ERROR', 'WARN', 'INFO', 'DEBUG'].map((lvl) => [lvl, lines.filter((l) => l.includes(lvl)).length] as const);
    return [levels.filter(([, c]) => c > 0).map(([l, c]) => `${c} ${l}`).join(', ')];
  }
  return [];
}

export function analyseText(text: string, hint?: string): TextStructure {
  const language = hint ?? guessLanguage(text);
  const lines = text.replace(/\n$/, '').split('\n');
  return {
    language,
    lines: text === '' ? 0 : lines.length,
    declarations: declarationsOf(language, lines),
    firstComment: firstCommentOf(language, text),
    details: dataDetails(language, text, lines),
  };
}

export function describeStructure(s: TextStructure, name: string | undefined): string {
  const parts = [`${name ? `\`${name}\` is` : 'This is'} ${s.language === 'plain text' || s.language === 'log' ? `${s.language}` : `${s.language} code`} of ${s.lines} line${s.lines === 1 ? '' : 's'}.`];
  if (['JSON', 'CSV', 'YAML', 'Markdown', 'HTML'].includes(s.language)) parts[0] = `${name ? `\`${name}\` is` : 'This is'} a ${s.language} document of ${s.lines} line${s.lines === 1 ? '' : 's'}.`;
  if (s.firstComment) parts.push(`It starts by saying: "${s.firstComment.slice(0, 200)}".`);
  if (s.declarations.length > 0) {
    const shown = s.declarations.slice(0, 12);
    parts.push(`Top-level declarations (${s.declarations.length}):\n${shown.map((d) => `- \`${d}\``).join('\n')}${s.declarations.length > shown.length ? `\n- … and ${s.declarations.length - shown.length} more` : ''}`);
  } else if (s.details.length === 0) {
    parts.push('I found no top-level declarations in it.');
  }
  for (const detail of s.details) if (detail) parts.push(`${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`);
  return parts.join('\n\n');
}
