// What a file change does, line by line: the lines it removes and adds (with one line of context
// around each run), counted. The approval shows all of it; a tool card keeps the counts and the first
// few lines as its mini-diff.
import { diffLines } from 'diff';

export type ChangeLineKind = 'added' | 'removed' | 'context' | 'gap';

export interface ChangeLine {
  kind: ChangeLineKind;
  text: string;
}

export interface FileChangeSummary {
  /** Workspace-relative path, as the user reads it. */
  path: string;
  created: boolean;
  added: number;
  removed: number;
  lines: ChangeLine[];
  /** An approved plan's task changed a file the plan does not name (planScope.ts). */
  outsidePlan?: boolean;
}

const CONTEXT_LINES = 1;
const DIFF_TIMEOUT_MS = 500;

function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The change from `before` (undefined: a new file) to `after`, with every changed line. */
export function summarizeChange(path: string, before: string | undefined, after: string): FileChangeSummary {
  const all: ChangeLine[] = [];
  let added = 0;
  let removed = 0;
  // A diff that takes too long (a whole large file rewritten) is shown as the old lines out, the new in.
  const parts = diffLines(before ?? '', after, { timeout: DIFF_TIMEOUT_MS }) ?? [
    { value: before ?? '', removed: true, added: false, count: 0 },
    { value: after, added: true, removed: false, count: 0 },
  ];
  for (const part of parts) {
    const kind: ChangeLineKind = part.added ? 'added' : part.removed ? 'removed' : 'context';
    const lines = splitLines(part.value);
    if (kind === 'added') added += lines.length;
    if (kind === 'removed') removed += lines.length;
    for (const text of lines) all.push({ kind, text });
  }
  // Unchanged lines are kept only next to a change; a run of others becomes one gap marker.
  const near = (i: number): boolean => {
    for (let j = Math.max(0, i - CONTEXT_LINES); j <= Math.min(all.length - 1, i + CONTEXT_LINES); j++) if (all[j]?.kind !== 'context') return true;
    return false;
  };
  const lines: ChangeLine[] = [];
  all.forEach((line, i) => {
    if (line.kind !== 'context' || near(i)) lines.push(line);
    else if (lines.at(-1)?.kind !== 'gap') lines.push({ kind: 'gap', text: '…' });
  });
  if (lines[0]?.kind === 'gap') lines.shift();
  if (lines.at(-1)?.kind === 'gap') lines.pop();
  return { path, created: before === undefined, added, removed, lines };
}

const MARKS: Record<ChangeLineKind, string> = { added: '+ ', removed: '- ', context: '  ', gap: '' };

/**
 * The change as text: "+ " added, "- " removed, "  " context, "…" between distant changes. A blank line
 * gets its mark without the space, so the approval's reveal of trailing spaces does not call it one.
 */
export function changeText(summary: FileChangeSummary): string {
  return summary.lines.map((line) => (line.text === '' ? MARKS[line.kind].trimEnd() : `${MARKS[line.kind]}${line.text}`)).join('\n');
}

/** The first `max` lines of the change, for a card's mini-diff. */
export function changePreview(summary: FileChangeSummary, max: number): FileChangeSummary {
  return { ...summary, lines: summary.lines.slice(0, max) };
}
