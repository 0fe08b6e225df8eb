// The page is idle between posting `ready` and the host's answer: the host is reading the conversation
// from disk meanwhile (170 ms for 5,000 messages). Left cold, the first conversation shown would pay, in
// the very task that opens it, for compiling the protocol's validators, the markdown parser, the
// sanitiser and the highlighter's grammars, for loading the locale's date format, and for the first
// style and layout of rendered messages: about 80 ms on a 2-core machine, a visible stall. Validating
// and laying out sample messages in idle time, one step per idle period, pays that before anything is
// waiting for it. It is also what loads the highlighter's own script when no reply's code has yet.
import { parseHostMessage } from '../shared/messageParsing';
import type { HostMessage, MessageView } from '../shared/protocol';
import { formatTime } from './dom';
import type { MarkdownRenderer } from './markdownRenderer';

const ANSWER = [
  '## What changed',
  '',
  'The parser now reads **every** field once, and `parseInput` returns a *typed* result; see [the notes](docs/notes.md).',
  '',
  '1. Read the input.',
  '2. Validate it:',
  '   - names are non-empty',
  '   - sizes are `>= 0`',
  '',
  '> Errors name the field at fault.',
  '',
  '| field | allowed |',
  '|---|---|',
  '| `name` | text |',
  '',
  '```ts',
  'export function parseInput(text: string): Result<Input> {',
  '  const value = JSON.parse(text) as unknown;',
  '  return schema.safeParse(value);',
  '}',
  '```',
  '',
  'Run it with `npm test`, then https://example.invalid/docs for more.',
].join('\n');

/** One message of each kind the list shows: a question, a reply that reasons and calls a tool, its card, an answer. */
const SAMPLE_MESSAGES: MessageView[] = [
  { id: 'warm-up-user', role: 'user', content: 'Why does `parseInput` fail on **empty** names?', createdAt: 1 },
  {
    id: 'warm-up-call', role: 'assistant', model: 'warm-up', selectedChoice: 0, status: 'complete', createdAt: 2,
    choices: [{ index: 0, content: 'Reading the parser first.', reasoning: 'The *schema* may allow it.', finishReason: 'tool_calls', toolCalls: [{ id: 'warm-up-tool', name: 'read_file', arguments: '{"path":"src/parser.ts"}' }] }],
    usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 8, reasoningTokens: 2 },
  },
  { id: 'warm-up-result', role: 'tool', toolCallId: 'warm-up-tool', name: 'read_file', content: 'export const schema = z.object({ name: z.string() });', createdAt: 3, card: { step: 1, arguments: '{"path":"src/parser.ts"}', status: 'done', durationMs: 3, display: { kind: 'read', subject: 'path', running: 'Reading {0}', done: 'Read {0}' } } },
  {
    id: 'warm-up-answer', role: 'assistant', model: 'warm-up', selectedChoice: 0, status: 'complete', createdAt: 4,
    choices: [{ index: 0, content: ANSWER, reasoning: '', finishReason: 'stop' }],
  },
];

/**
 * Code in the languages replies use most. The first asks for the highlighter's script (lazyHighlighter.ts),
 * after `ready` and unless a reply's code already did; once it has run, the samples are highlighted in idle
 * time, which compiles their grammars.
 */
const SAMPLE_CODE: [language: string, code: string][] = [
  ['typescript', 'export const answer: number = 42;'],
  ['javascript', 'const total = items.reduce((sum, item) => sum + item.size, 0);'],
  ['python', 'def total(items):\n    return sum(item.size for item in items)'],
  ['json', '{ "name": "svc", "version": 1 }'],
  ['bash', 'npm ci && npm test -- --grep "parser"'],
];

const USAGE = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };

/** The sample messages, validated as a `conversation` message from the host is. */
function validatedSamples(): MessageView[] {
  const message: HostMessage = { type: 'conversation', conversation: { id: 'warm-up', title: 'warm-up', messages: SAMPLE_MESSAGES, totals: USAGE, createdAt: 1, updatedAt: 4 } };
  const parsed = parseHostMessage(JSON.parse(JSON.stringify(message)));
  if (!parsed.ok || parsed.message.type !== 'conversation') throw parsed.ok ? new Error('the warm-up message changed type') : parsed.error;
  return parsed.message.conversation.messages;
}

/** Idle time a step may need, cold: a step starts only while this much of the idle period is left. */
const STEP_MS = 15;

/**
 * Runs the warm-up in idle periods, in steps that each meet one cold thing (the validators, the markdown
 * parser, the sanitiser, a grammar, the building and layout of a row), so no step holds the page for long;
 * a step starts only when the period has room for it, so a message from the host waits for one step at most.
 */
export function warmUpInIdleTime(renderer: MarkdownRenderer, rehearseRow: (message: MessageView) => void): void {
  let samples: MessageView[] = [];
  const steps: (() => void)[] = [
    () => {
      samples = validatedSamples();
    },
    // The conversation list's first date loads the locale's data (about 17 ms).
    () => formatTime(0),
    () => renderer.renderMarkdown('A *short* `sample`.'),
    () => renderer.renderMarkdown(ANSWER.slice(0, ANSWER.indexOf('```'))),
    ...SAMPLE_CODE.map(([language, code]) => () => renderer.renderCode(code, language)),
    ...SAMPLE_MESSAGES.map((_, i) => () => {
      const sample = samples[i];
      if (sample) rehearseRow(sample);
    }),
  ];
  const next = (deadline: IdleDeadline): void => {
    do steps.shift()?.();
    while (steps.length > 0 && deadline.timeRemaining() > STEP_MS);
    if (steps.length > 0) requestIdleCallback(next);
  };
  requestIdleCallback(next);
}
