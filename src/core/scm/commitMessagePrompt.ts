// What is asked of the model to write a commit message: the repository's recent subjects as examples of
// its style, and the change's diff (already cut to fit, see diffSummary.ts). The reply is cleaned of the
// wrapping models tend to add (a code fence, quotes, a "Commit message:" label) before it goes into the
// Source Control input box.
import type { ChatMessage } from '../../api/index';
import { codeBlock } from '../codeFence';

/** How many recent subjects are given as examples of the repository's style. */
export const STYLE_EXAMPLE_COUNT = 10;
/** An example longer than this is cut: a subject is a line, and a pasted log must not fill the prompt. */
const MAX_EXAMPLE_LENGTH = 200;

export const COMMIT_MESSAGE_SYSTEM_PROMPT = [
  'You write the commit message for a change in a git repository.',
  'Answer with the commit message only: a subject line of at most 72 characters in the imperative mood, then, when the change needs explaining, a blank line and a short body wrapped at 72 characters saying what changed and why.',
  "Follow the style of the repository's recent subjects (their prefixes, capitalisation, tense, length) when examples are given.",
  'Do not wrap the message in quotes or a code block, and do not mention file names the diff does not show.',
].join(' ');

/**
 * The subjects of `git log --format=%s` output usable as style examples: merges and reverts left out
 * (git wrote them, not the team), each cut to one short line, at most STYLE_EXAMPLE_COUNT.
 */
export function commitStyleExamples(logOutput: string): string[] {
  return logOutput
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^Merge (branch|pull request|remote-tracking branch|tag) /.test(line) && !/^Revert "/.test(line))
    .map((line) => (line.length > MAX_EXAMPLE_LENGTH ? `${line.slice(0, MAX_EXAMPLE_LENGTH)}…` : line))
    .slice(0, STYLE_EXAMPLE_COUNT);
}

export interface CommitMessageInput {
  /** Recent subjects, newest first. */
  examples: readonly string[];
  /** The diff as it fits the model (diffSummary.ts). */
  diff: string;
  /** Which change it is: the staged one, or the unstaged one when nothing is staged. */
  changes: 'staged' | 'unstaged';
  shortened: boolean;
  /** Files of the change left out because they look like they hold secrets (named, never shown). */
  secretFilesLeftOut: readonly string[];
}

export function commitMessageMessages(input: CommitMessageInput): ChatMessage[] {
  const parts: string[] = [];
  parts.push(
    input.examples.length > 0
      ? `Recent commit subjects in this repository, newest first:\n${input.examples.map((subject) => `- ${subject}`).join('\n')}`
      : 'The repository has no earlier commits to take a style from.',
  );
  const which = input.changes === 'staged' ? 'The staged change' : 'The change (nothing is staged, so the uncommitted changes of tracked files)';
  parts.push(`${which}${input.shortened ? ', shortened to fit: the table lists every file' : ''}:\n${codeBlock(input.diff, 'diff')}`);
  if (input.secretFilesLeftOut.length > 0) {
    parts.push(`The change also touches ${input.secretFilesLeftOut.length} file${input.secretFilesLeftOut.length === 1 ? '' : 's'} whose content is not shown because it may hold secrets.`);
  }
  parts.push('Write the commit message.');
  return [
    { role: 'system', content: COMMIT_MESSAGE_SYSTEM_PROMPT },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** The reply as a commit message: no surrounding code fence, quotes or label, no trailing spaces. */
export function cleanCommitMessage(reply: string): string {
  let text = reply.trim();
  const fenced = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\s*$/.exec(text);
  if (fenced) text = (fenced[2] as string).trim();
  text = text.replace(/^(?:commit message|message)\s*:\s*/i, '');
  const quoted = /^(["'“])([\s\S]*)(["'”])$/.exec(text);
  if (quoted && !(quoted[2] as string).includes(quoted[1] as string)) text = (quoted[2] as string).trim();
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
