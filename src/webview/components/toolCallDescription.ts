// What a tool call did, in words, by the kind its tool declared (src/core/tools/toolDisplay.ts), in the
// tool's own phrases: an edit names its file with +/− line counts and a mini-diff (the name opens the
// diff editor), a command shows itself, its exit code and its output folded, a read its file and lines,
// a listing its folder, a search its query and how many results. The other kinds, and cards saved before
// tools declared a kind, get one line: the tool's name and its first argument. The raw arguments stay
// one click away on the card.
import type { ToolCardDisplay, ToolCardStatus, ToolMessageView, WebviewMessage } from '../../shared/protocol';
import { el } from '../dom';
import * as l10n from '../../shared/l10n';
import type { Codicon } from '../codicons';

export interface ToolCallDescription {
  icon: Codicon;
  /** The one line the card leads with. */
  title: Node[];
  /** What it did beyond the title: the mini-diff, the command's output. */
  body?: HTMLElement;
  /** False when `body` already shows the result (the card then shows no separate result). */
  showResult: boolean;
}

/** Calls the user never needs as cards: the plan they update is shown as the to-do list. */
export function isInternalTool(view: ToolMessageView): boolean {
  return view.card?.display?.kind === 'plan';
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

/** The tool's phrase for the call's state with its subject in place of `{0}`: "Read " then the file. */
function phrased(display: ToolCardDisplay, status: ToolCardStatus, subject: Node): Node[] {
  const phrase = status === 'running' ? display.running : display.done;
  const at = phrase.indexOf('{0}');
  if (at < 0) return [el('span', { text: `${phrase} ` }), subject];
  const before = phrase.slice(0, at);
  const after = phrase.slice(at + '{0}'.length).trim();
  return [...(before.trim() !== '' ? [el('span', { text: before })] : []), subject, ...(after !== '' ? [el('span', { text: after })] : [])];
}

/** The value of the argument the tool's phrases name. */
function subjectOf(display: ToolCardDisplay, args: Arguments): string | undefined {
  return display.subject === undefined ? undefined : text(args[display.subject]);
}

/** What the edit card says when the call created its file, or did not get to change it: the card's words, whatever the tool. */
const CREATE_VERBS: Record<ToolCardStatus, string> = {
  running: l10n.t('Creating'),
  done: l10n.t('Created'),
  failed: l10n.t('Could not create'),
  rejected: l10n.t('Rejected creating'),
  cancelled: l10n.t('Stopped creating'),
  invalid: l10n.t('Could not create'),
};

const EDIT_OUTCOMES: Partial<Record<ToolCardStatus, string>> = {
  failed: l10n.t('Could not edit'),
  rejected: l10n.t('Rejected edit of'),
  cancelled: l10n.t('Stopped editing'),
  invalid: l10n.t('Could not edit'),
};

function describeEdit(view: ToolMessageView, display: ToolCardDisplay, args: Arguments, status: ToolCardStatus, post: (m: WebviewMessage) => void): ToolCallDescription {
  const card = view.card;
  const change = card?.change;
  const path = change?.path ?? subjectOf(display, args) ?? l10n.t('(no path)');
  const created = change?.created ?? /^Created /.test(view.content);
  let added = change?.added;
  let removed = change?.removed;
  // Before the change is applied (or when it was not), the counts come from the text the model asked to replace.
  if (added === undefined && (Array.isArray(args.edits) || 'old_text' in args || 'new_text' in args)) {
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
  const outcome = created ? CREATE_VERBS[status] : EDIT_OUTCOMES[status];
  const title: Node[] = outcome !== undefined ? [el('span', { text: `${outcome} ` }), file] : phrased(display, status, file);
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

function describeCommand(view: ToolMessageView, display: ToolCardDisplay, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const command = code(oneLine(subjectOf(display, args) ?? '', 80));
  const background = args.background === true;
  // A rejected command never ran and a background one still runs: the card's words, not the tool's "Ran".
  const outcome = status === 'rejected' ? l10n.t('Rejected') : status !== 'running' && background ? l10n.t('Started') : undefined;
  const title: Node[] = outcome !== undefined ? [el('span', { text: `${outcome} ` }), command] : phrased(display, status, command);
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

function linesRead(args: Arguments): string {
  const start = typeof args.start_line === 'number' ? args.start_line : undefined;
  const end = typeof args.end_line === 'number' ? args.end_line : undefined;
  return start === undefined && end === undefined ? l10n.t('whole file') : end === undefined ? l10n.t('from line {0}', start ?? 1) : l10n.t('lines {0}–{1}', start ?? 1, end);
}

/** A read named by its path says which lines; one named otherwise (a skill, by its name) reads no lines, and its phrase is the whole sentence. */
function describeRead(display: ToolCardDisplay, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const path = subjectOf(display, args) ?? l10n.t('(no path)');
  const file = el('span', { className: 'tool-call-file', text: baseName(path), attrs: { title: path, 'data-testid': 'tool-file' } });
  const title = phrased(display, status, file);
  return { icon: 'file', title: display.subject === 'path' ? [...title, muted(linesRead(args), 'tool-lines')] : title, showResult: true };
}

function describeList(display: ToolCardDisplay, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const path = subjectOf(display, args);
  const folder = el('span', { className: 'tool-call-file', text: path === undefined || path === '.' ? l10n.t('the workspace root') : path });
  return { icon: 'list-tree', title: phrased(display, status, folder), showResult: true };
}

/** Result lines before the first blank line: the notes the tools append come after one. */
function resultCount(content: string, none: RegExp): number {
  if (none.test(content)) return 0;
  const head = content.split(/\n\s*\n/)[0] ?? '';
  return head.split('\n').filter((line) => line.trim() !== '').length;
}

/** A search that found nothing says so on its first line ("No match for …", "No file matches …"). */
const NOTHING_FOUND = /^No /;

function describeSearch(view: ToolMessageView, display: ToolCardDisplay, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const title: Node[] = phrased(display, status, code(oneLine(subjectOf(display, args) ?? '')));
  const folder = text(args.path);
  if (folder !== undefined && folder !== '.') title.push(muted(l10n.t('in {0}', folder)));
  if (status === 'done' && display.found !== undefined) {
    const found = resultCount(view.content, NOTHING_FOUND);
    title.push(muted(found === 1 ? display.found.one : display.found.many.replace('{0}', String(found)), 'tool-count'));
  }
  return { icon: 'search', title, showResult: true };
}

/** The tool's name and its first argument; the tool's phrase, where it declared one, on hover. */
function describeOther(view: ToolMessageView, args: Arguments, display: ToolCardDisplay | undefined): ToolCallDescription {
  const first = Object.values(args).find((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v));
  const phrase = display && (view.card?.status === 'running' ? display.running : display.done).replace('{0}', display.subject === undefined ? '' : (text(args[display.subject]) ?? '')).trim();
  const title: Node[] = [el('span', { className: 'tool-name', text: view.name, attrs: { 'data-testid': 'tool-name', ...(phrase ? { title: phrase } : {}) } })];
  if (first !== undefined) title.push(muted(oneLine(String(first))));
  return { icon: 'tools', title, showResult: true };
}

/** A job handed to a subagent: its words and kind; the child's run nests under it (subagentRun.ts). */
function describeSubagent(display: ToolCardDisplay, args: Arguments, status: ToolCardStatus): ToolCallDescription {
  const job = el('span', { className: 'tool-call-subject', text: oneLine(subjectOf(display, args) ?? text(args.task) ?? '', 80), attrs: { 'data-testid': 'subagent-job' } });
  const kind = text(args.kind);
  return { icon: 'hubot', title: [...phrased(display, status, job), ...(kind !== undefined ? [muted(kind, 'subagent-kind')] : [])], showResult: true };
}

export function describeToolCall(view: ToolMessageView, post: (message: WebviewMessage) => void): ToolCallDescription {
  const args = parsed(view.card?.arguments ?? '');
  const status = view.card?.status ?? 'done';
  const display = view.card?.display;
  if (status === 'invalid' || display === undefined) return describeOther(view, args, display);
  switch (display.kind) {
    case 'edit':
      return describeEdit(view, display, args, status, post);
    case 'command':
      return describeCommand(view, display, args, status);
    case 'read':
      return describeRead(display, args, status);
    case 'list':
      return describeList(display, args, status);
    case 'search':
      return describeSearch(view, display, args, status);
    case 'subagent':
      return describeSubagent(display, args, status);
    // The plan's calls show as its to-do list: toolCard.ts hides their row before asking for a title.
    case 'plan':
    case 'problems':
    case 'process':
    case 'formula':
    case 'external':
      return describeOther(view, args, display);
  }
}
