// What a tool call did, in words, by tool name: an edit names its file with +/− line counts and a
// mini-diff (the name opens the diff editor), a command shows itself, its exit code and its output
// folded, a read its file and lines, a search its query and how many results. Any other tool gets one
// line from its arguments. The raw arguments stay one click away on the card.
import type { ToolCardStatus, ToolMessageView, WebviewMessage } from '../../shared/protocol';
import { el } from '../dom';

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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function oneLine(value: string, max = 60): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function lineCount(value: string): number {
  return value === '' ? 0 : value.replace(/\r?\n$/, '').split(/\r?\n/).length;
}

const EDIT_VERBS: Record<ToolCardStatus, [string, string]> = {
  running: ['Editing', 'Creating'],
  done: ['Edited', 'Created'],
  failed: ['Could not edit', 'Could not create'],
  rejected: ['Rejected edit of', 'Rejected creating'],
  cancelled: ['Stopped editing', 'Stopped creating'],
  invalid: ['Could not edit', 'Could not create'],
};

function describeEdit(view: ToolMessageView, args: Arguments, status: ToolCardStatus, post: (m: WebviewMessage) => void): ToolCallDescription {
  const card = view.card;
  const change = card?.change;
  const path = change?.path ?? text(args.path) ?? '(no path)';
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
      ? el('button', { className: 'link-button tool-call-file', text: name, attrs: { type: 'button', title: `Open the diff of ${path}`, 'data-testid': 'tool-file' } })
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
  const verb = status === 'running' ? 'Running' : status === 'rejected' ? 'Rejected' : background ? 'Started' : 'Ran';
  const title: Node[] = [el('span', { text: `${verb} ` }), code(oneLine(command, 80))];
  const cwd = text(args.cwd);
  if (cwd !== undefined && cwd !== '.') title.push(muted(`in ${cwd}`));
  const exit = EXIT.exec(view.content)?.[1];
  if (exit !== undefined) title.push(el('span', { className: `tool-call-exit ${exit === '0' ? 'exit-ok' : 'exit-failed'}`, text: `exit ${exit}`, attrs: { 'data-testid': 'tool-exit' } }));
  if (status === 'running' || status === 'rejected') return { icon: 'terminal', title, showResult: status === 'rejected' };
  // The output without the "$ command" and "(exited with code N)" lines the title already shows; a status
  // line such as "(started in the background as process p1 …)" or "(still running after …)" stays.
  const output = view.content.replace(/^\$ [^\n]*\n/, '').replace(/^\(exited with code -?\d+\)\n?/, '');
  const body = el('details', { className: 'tool-command-output', attrs: { 'data-testid': 'tool-command-output', ...(exit !== undefined && exit !== '0' ? { open: '' } : {}) } }, [
    el('summary', { text: output.trim() === '' ? 'No output' : `Output (${plural(lineCount(output), 'line')})` }),
    el('pre', { className: 'tool-output', text: output, attrs: { 'data-testid': 'tool-output' } }),
  ]);
  return { icon: 'terminal', title, body, showResult: false };
}

function describeRead(args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const path = text(args.path) ?? '(no path)';
  const start = typeof args.start_line === 'number' ? args.start_line : undefined;
  const end = typeof args.end_line === 'number' ? args.end_line : undefined;
  const lines = start === undefined && end === undefined ? 'whole file' : end === undefined ? `from line ${start}` : `lines ${start ?? 1}–${end}`;
  return { icon: 'file', title: [el('span', { text: `${status === 'running' ? 'Reading' : 'Read'} ` }), el('span', { className: 'tool-call-file', text: baseName(path), attrs: { title: path, 'data-testid': 'tool-file' } }), muted(lines, 'tool-lines')], showResult: true };
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
  const title: Node[] = [el('span', { text: files ? 'Found files ' : 'Searched for ' }), code(oneLine(query))];
  const folder = text(args.path);
  if (folder !== undefined && folder !== '.') title.push(muted(`in ${folder}`));
  if (status === 'done') {
    const found = resultCount(view.content, files ? /^No file matches/ : /^No match for/);
    title.push(muted(plural(found, files ? 'file' : 'result'), 'tool-count'));
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
      return { icon: 'list-tree', title: [el('span', { text: 'Listed ' }), el('span', { className: 'tool-call-file', text: path === undefined || path === '.' ? 'the workspace root' : path })], showResult: true };
    }
    default:
      return describeOther(view, args);
  }
}
