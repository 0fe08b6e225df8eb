// A change's diff made to fit the part of the model's context a commit message may take. Small diffs go
// whole. A large one becomes a per-file table of added and removed lines (always whole, so every file is
// named) followed by each file's diff cut at a line boundary, every file getting an equal share of what
// is left, and a file that needs less than its share handing the rest on to the others: one huge
// generated file cannot crowd out the small hand-written changes that say what the commit is about.

/** One file's part of a `git diff` (from its `diff --git` line up to the next file's). */
export interface FileDiff {
  path: string;
  text: string;
  added: number;
  removed: number;
  binary: boolean;
}

export interface DiffSummary {
  text: string;
  /** Whether anything was left out (the model is told so). */
  shortened: boolean;
}

/** Tokens kept free for the system prompt, the style examples and the reply. */
const PROMPT_RESERVE_TOKENS = 3_072;
/** A commit message does not need more of a diff than this, whatever the model can take. */
const MAX_DIFF_TOKENS = 24_000;
/** Models whose length the catalogue does not state are treated as 128K long. */
const UNSTATED_CONTEXT_TOKENS = 128 * 1024;
/** Diffs are dense in punctuation and short words: about 3 characters a token, on the safe side. */
const CHARS_PER_TOKEN = 3;
/** Below this a share could not hold even a hunk header; files past it get their table line only. */
const MIN_FILE_SHARE = 200;
/** Room kept for the "… (N more lines of this file left out)" line, so a cut file stays within its share. */
const NOTE_LENGTH = 60;

/** How many characters of diff fit the model: its length less the reserve, at most MAX_DIFF_TOKENS. */
export function diffBudgetChars(contextLength: number | undefined): number {
  const tokens = Math.min(MAX_DIFF_TOKENS, (contextLength ?? UNSTATED_CONTEXT_TOKENS) - PROMPT_RESERVE_TOKENS);
  return Math.max(1_000, tokens) * CHARS_PER_TOKEN;
}

function pathOf(header: string): string {
  const quoted = /^diff --git "a\/(.*)" "b\/(.*)"$/.exec(header);
  if (quoted) return quoted[2] as string;
  const plain = /^diff --git a\/(.*) b\/(.*)$/.exec(header);
  return plain ? (plain[2] as string) : header.slice('diff --git '.length);
}

/** Splits `git diff` output into its files, counting added and removed lines. */
export function splitDiff(diff: string): FileDiff[] {
  const files: FileDiff[] = [];
  const lines = diff.split('\n');
  let current: { header: string; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    const body = current.lines;
    let added = 0;
    let removed = 0;
    let inHunk = false;
    for (const line of body) {
      if (line.startsWith('@@')) inHunk = true;
      else if (inHunk && line.startsWith('+')) added++;
      else if (inHunk && line.startsWith('-')) removed++;
    }
    const binary = body.some((line) => line.startsWith('Binary files ') || line === 'GIT binary patch');
    files.push({ path: pathOf(current.header), text: [current.header, ...body].join('\n').trimEnd(), added, removed, binary });
  };
  for (const line of lines) {
    if (line.startsWith('diff --git ')) {
      close();
      current = { header: line, lines: [] };
    } else if (current) current.lines.push(line);
  }
  close();
  return files;
}

function statLine(file: FileDiff): string {
  return file.binary ? `${file.path} | binary` : `${file.path} | +${file.added} -${file.removed}`;
}

/** `text` cut at the last line boundary within `limit` characters, saying how many lines were left out. */
function cutAtLine(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const kept = text.slice(0, Math.max(0, limit - NOTE_LENGTH));
  const end = kept.lastIndexOf('\n');
  const head = end > 0 ? kept.slice(0, end) : '';
  const left = text.slice(head.length).split('\n').filter((line) => line !== '').length;
  return `${head}\n… (${left} more line${left === 1 ? '' : 's'} of this file left out)`;
}

/** The diff of `files` within `budget` characters; see the top of this file for how it is shortened. */
export function summariseDiff(files: readonly FileDiff[], budget: number): DiffSummary {
  const whole = files.map((f) => f.text).join('\n');
  if (whole.length <= budget) return { text: whole, shortened: false };

  const table: string[] = [];
  let tableLength = 0;
  for (const [index, file] of files.entries()) {
    const line = statLine(file);
    const more = `… and ${files.length - index} more files`;
    if (tableLength + line.length + 1 + more.length > budget / 2) {
      table.push(more);
      break;
    }
    table.push(line);
    tableLength += line.length + 1;
  }
  const header = `Files changed (${files.length}; added and removed lines):\n${table.join('\n')}\n\nThe diff, shortened to fit:\n`;

  let left = budget - header.length;
  const order = [...files].sort((a, b) => a.text.length - b.text.length);
  const shares = new Map<FileDiff, string>();
  for (const [index, file] of order.entries()) {
    const share = Math.floor(left / (order.length - index));
    if (share < MIN_FILE_SHARE) break;
    const part = cutAtLine(file.text, share);
    shares.set(file, part);
    left -= part.length + 1;
  }
  const parts = files.flatMap((file) => shares.get(file) ?? []);
  return { text: header + parts.join('\n'), shortened: true };
}
