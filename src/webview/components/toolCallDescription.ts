// What a tool call did, in words, by tool name: an edit names its file with +/− line counts and a
// mini-diff (the name opens the diff editor), a command shows itself, its exit code and its output
// folded, a read its file and lines, a search its query and how many results. Any other tool gets one
// line from its arguments. The raw arguments stay one click away on the card.
import type { ToolCardStatus, ToolMessageView, WebviewMessage } from '../../shared/protocol';
import { el } from '../dom';
import * as l10n from '../../shared/l10n';

export interface ToolCallDescription {
  icon: string;
  /** The one line the card leads with. */
  title: Node[];
  /** What it did beyond the title: the mini-diff, the command's output. */
  body?: HTMLElement;
  /** False when `body` already shows the result (the card then shows no separate result). */
  showResult: boolean;
}

/** Calls the user never needs as cards: the plan they update is shown as the to-do list. */
const INTERNAL_TOOLS = new Set(['update_plan']);

export function isInternalTool(name: string): boolean {
  return INTERNAL_TOOLS.has(name);
}

type Arguments = Record<string, unknown>;

function parsed(raw: string): Arguments {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Arguments) : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).filter((p) => p !== '').at(-1) ?? path;
}

function code(value: string): HTMLElement {
  return el('code', { className: 'tool-call-code', text: value });
}

function muted(value: string, testId?: string): HTMLElement {
  return el('span', { className: 'tool-call-muted', text: value, attrs: testId ? { 'data-testid': testId } : {} });
}

function oneLine(value: string, max = 60): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function lineCount(value: string): number {
  return value === '' ? 0 : value.replace(/\r?\n$/, '').split(/\r?\n/).length;
}

const EDIT_VERBS: Record<ToolCardStatus, [string, string]> = {
  running: [l10n.t('Editing'), l10n.t('Creating')],
  done: [l10n.t('Edited'), l10n.t('Created')],
  failed: [l10n.t('Could not edit'), l10n.t('Could not create')],
  rejected: [l10n.t('Rejected edit of'), l10n.t('Rejected creating')],
  cancelled: [l10n.t('Stopped editing'), l10n.t('Stopped creating')],
  invalid: [l10n.t('Could not edit'), l10n.t('Could not create')],
};

function describeEdit(view: ToolMessageView, args: Arguments, status: ToolCardStatus, post: (m: WebviewMessage) => void): ToolCallDescription {
  const card = view.card;
  const change = card?.change;
  const path = change?.path ?? text(args.path) ?? l10n.t('(no path)');
  const created = change?.created ?? (view.name === 'write_file' && /^Created /.test(view.content));
  const verb = EDIT_VERBS[status][created ? 1 : 0];
  let added = change?.added;
  let removed = change?.removed;
  // Before the change is applied (or when it was not), the counts come from what the model asked for.
  if (added === undefined && view.name === 'edit_file') {
    const edits = Array.isArray(args.edits) ? (args.edits as Arguments[]) : [args];
    added = edits.reduce((n, e) => n + lineCount(text(e.new_text) ?? ''), 0);
    removed = edits.reduce((n, e) => n + lineCount(text(e.old_text) ?? ''), 0);
  }
  const name = baseName(path);
  const taskId = card?.taskId;
  const file =
    status === 'done' && taskId !== undefined
      ? el('button', { className: 'link-button tool-call-file', text: name, attrs: { type: 'button', title: l10n.t('Open the diff of {0}', path), 'data-testid': 'tool-file' } })
      : el('span', { className: 'tool-call-file', text: name, attrs: { title: path, 'data-testid': 'tool-file' } });
  if (file instanceof HTMLButtonElement && taskId !== undefined) file.addEventListener('click', () => post({ type: 'openAgentDiff', taskId, path }));
  const title: Node[] = [el('span', { text: `${verb} ` }), file];
  if (added !== undefined) {
    title.push(
      el('span', { className: 'tool-call-stats', attrs: { 'data-testid': 'tool-stats' } }, [
        el('span', { className: 'diff-added-count', text: `+${added}` }),
        el('span', { className: 'diff-removed-count', text: ` −${removed ?? 0}` }),
      ]),
    );
  }
  if (name !== path) title.push(muted(path.slice(0, path.length - name.length).replace(/[\\/]$/, '')));
  if (change?.outsidePlan === true) {
    title.push(el('span', { className: 'tool-call-outside-plan', text: l10n.t('not in the plan'), attrs: { 'data-testid': 'outside-plan', title: l10n.t('The approved plan does not list this file') } }));
  }
  const body = change && change.lines.length > 0
    ? el('pre', { className: 'mini-diff', attrs: { 'data-testid': 'mini-diff' } }, change.lines.map((line) =>
        el('div', { className: `diff-line diff-${line.kind}`, text: line.kind === 'gap' ? '…' : `${line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '} ${line.text}` }),
      ))
    : undefined;
  return { icon: created ? 'new-file' : 'diff', title, ...(body ? { body } : {}), showResult: status !== 'done' };
}

const EXIT = /^\((?:process \S+ )?exited with code (-?\d+)/m;

function describeCommand(view: ToolMessageView, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const command = text(args.command) ?? '';
  const background = args.background === true;
  const verb = status === 'running' ? l10n.t('Running') : status === 'rejected' ? l10n.t('Rejected') : background ? l10n.t('Started') : l10n.t('Ran');
  const title: Node[] = [el('span', { text: `${verb} ` }), code(oneLine(command, 80))];
  const cwd = text(args.cwd);
  if (cwd !== undefined && cwd !== '.') title.push(muted(l10n.t('in {0}', cwd)));
  const exit = EXIT.exec(view.content)?.[1];
  if (exit !== undefined) title.push(el('span', { className: `tool-call-exit ${exit === '0' ? 'exit-ok' : 'exit-failed'}`, text: l10n.t('exit {0}', exit), attrs: { 'data-testid': 'tool-exit' } }));
  if (status === 'running' || status === 'rejected') return { icon: 'terminal', title, showResult: status === 'rejected' };
  // The output without the "$ command" and "(exited with code N)" lines the title already shows; a status
  // line such as "(started in the background as process p1 …)" or "(still running after …)" stays.
  const output = view.content.replace(/^\$ [^\n]*\n/, '').replace(/^\(exited with code -?\d+\)\n?/, '');
  const body = el('details', { className: 'tool-command-output', attrs: { 'data-testid': 'tool-command-output', ...(exit !== undefined && exit !== '0' ? { open: '' } : {}) } }, [
    el('summary', { text: output.trim() === '' ? l10n.t('No output') : lineCount(output) === 1 ? l10n.t('Output (1 line)') : l10n.t('Output ({0} lines)', lineCount(output)) }),
    el('pre', { className: 'tool-output', text: output, attrs: { 'data-testid': 'tool-output' } }),
  ]);
  return { icon: 'terminal', title, body, showResult: false };
}

function describeRead(args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const path = text(args.path) ?? l10n.t('(no path)');
  const start = typeof args.start_line === 'number' ? args.start_line : undefined;
  const end = typeof args.end_line === 'number' ? args.end_line : undefined;
  const lines = start === undefined && end === undefined ? l10n.t('whole file') : end === undefined ? l10n.t('from line {0}', start ?? 1) : l10n.t('lines {0}–{1}', start ?? 1, end);
  return { icon: 'file', title: [el('span', { text: `${status === 'running' ? l10n.t('Reading') : l10n.t('Read')} ` }), el('span', { className: 'tool-call-file', text: baseName(path), attrs: { title: path, 'data-testid': 'tool-file' } }), muted(lines, 'tool-lines')], showResult: true };
}

/** Result lines before the first blank line: the notes the tools append come after one. */
function resultCount(content: string, none: RegExp): number {
  if (none.test(content)) return 0;
  const head = content.split(/\n\s*\n/)[0] ?? '';
  return head.split('\n').filter((line) => line.trim() !== '').length;
}

function describeSearch(view: ToolMessageView, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const files = view.name === 'find_files';
  const query = text(files ? args.pattern : args.query) ?? '';
  const title: Node[] = [el('span', { text: `${files ? l10n.t('Found files') : l10n.t('Searched for')} ` }), code(oneLine(query))];
  const folder = text(args.path);
  if (folder !== undefined && folder !== '.') title.push(muted(l10n.t('in {0}', folder)));
  if (status === 'done') {
    const found = resultCount(view.content, files ? /^No file matches/ : /^No match for/);
    const count = files ? (found === 1 ? l10n.t('1 file') : l10n.t('{0} files', found)) : found === 1 ? l10n.t('1 result') : l10n.t('{0} results', found);
    title.push(muted(count, 'tool-count'));
  }
  return { icon: 'search', title, showResult: true };
}

function describeOther(view: ToolMessageView, args: Arguments): ToolCallDescription {
  const first = Object.values(args).find((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v));
  const title: Node[] = [el('span', { className: 'tool-name', text: view.name, attrs: { 'data-testid': 'tool-name' } })];
  if (first !== undefined) title.push(muted(oneLine(String(first))));
  return { icon: 'tools', title, showResult: true };
}

export function describeToolCall(view: ToolMessageView, post: (message: WebviewMessage) => void): ToolCallDescription {
  const args = parsed(view.card?.arguments ?? '');
  const status = view.card?.status ?? 'done';
  if (status === 'invalid') return describeOther(view, args);
  switch (view.name) {
    case 'edit_file':
    case 'write_file':
      return describeEdit(view, args, status, post);
    case 'run_command':
      return describeCommand(view, args, status);
    case 'read_file':
      return describeRead(args, status);
    case 'search_text':
    case 'find_files':
      return describeSearch(view, args, status);
    case 'list_files': {
      const path = text(args.path);
      return { icon: 'list-tree', title: [el('span', { text: `${l10n.t('Listed')} ` }), el('span', { className: 'tool-call-file', text: path === undefined || path === '.' ? l10n.t('the workspace root') : path })], showResult: true };
    }
    default:
      return describeOther(view, args);
  }
}
