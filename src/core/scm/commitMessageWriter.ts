// Writes a commit message for a repository's change: the staged diff, or the uncommitted changes of
// tracked files when nothing is staged. Files that look like they hold secrets (the agent's rules and the
// user's svc.agent.protectedFiles) are left out before git is even asked for their content, so their
// bytes never reach the model; the prompt only says how many there were. The reply streams to `onText`
// as it arrives. No vscode import: git and the client come in through ports.
import { modelInfo, type ChatCompletionChunk, type CallOptions } from '../../api/index';
import { buildChatRequest } from '../chat/chatRequestBuilder';
import type { RequestSettings } from '../requests/requestSettings';
import type { SecretFileRules } from '../tools/secretFiles';
import { cleanCommitMessage, commitMessageMessages, commitStyleExamples, STYLE_EXAMPLE_COUNT } from './commitMessagePrompt';
import { diffBudgetChars, splitDiff, summariseDiff } from './diffSummary';
import { changedFiles, diffOfFiles, splitSecretFiles, type ChangeSet, type GitPort } from './secretAwareDiff';

export class NothingToDescribeError extends Error {
  override readonly name = 'NothingToDescribeError';
  constructor() {
    super('There are no changes to describe: nothing is staged and no tracked file is changed.');
  }
}

export class OnlySecretFilesError extends Error {
  override readonly name = 'OnlySecretFilesError';
  constructor(readonly files: readonly string[]) {
    super(`Every changed file looks like it holds secrets (${files.join(', ')}), so nothing was sent to write a message from.`);
  }
}

export interface CommitMessageClient {
  chatStream(request: unknown, options?: CallOptions): AsyncIterable<ChatCompletionChunk>;
}

export interface CommitMessagePorts {
  /** Runs a read-only git command in the repository's root and returns its output. */
  git: GitPort;
  client(): Promise<CommitMessageClient>;
  settings: RequestSettings;
  cacheKey: string;
  secrets: SecretFileRules;
}

export interface WrittenCommitMessage {
  message: string;
  changes: ChangeSet;
  /** Changed files left out of what was sent because they look like they hold secrets. */
  secretFilesLeftOut: string[];
  shortened: boolean;
}

async function changesToDescribe(ports: CommitMessagePorts): Promise<{ files: string[]; changes: ChangeSet }> {
  const staged = await changedFiles(ports.git, 'staged');
  if (staged.length > 0) return { files: staged, changes: 'staged' };
  const unstaged = await changedFiles(ports.git, 'unstaged');
  if (unstaged.length > 0) return { files: unstaged, changes: 'unstaged' };
  throw new NothingToDescribeError();
}

async function recentSubjects(ports: CommitMessagePorts): Promise<string[]> {
  try {
    // Twice the examples wanted: merges and reverts are dropped from them.
    return commitStyleExamples(await ports.git(['log', `-n${STYLE_EXAMPLE_COUNT * 2}`, '--format=%s', '--no-show-signature']));
  } catch {
    return []; // a repository without commits yet has no log
  }
}

export async function writeCommitMessage(ports: CommitMessagePorts, onText: (text: string) => void, signal: AbortSignal): Promise<WrittenCommitMessage> {
  const { files, changes } = await changesToDescribe(ports);
  const { sent, leftOut: secretFilesLeftOut } = splitSecretFiles(files, ports.secrets);
  if (sent.length === 0) throw new OnlySecretFilesError(secretFilesLeftOut);
  const diff = await diffOfFiles(ports.git, changes, sent);
  const summary = summariseDiff(splitDiff(diff), diffBudgetChars(modelInfo(ports.settings.model)?.contextLength));
  const messages = commitMessageMessages({ examples: await recentSubjects(ports), diff: summary.text, changes, shortened: summary.shortened, secretFilesLeftOut });
  const request = buildChatRequest(messages, { ...ports.settings, jsonMode: false, choiceCount: 1 }, ports.cacheKey);
  const client = await ports.client();
  let reply = '';
  for await (const chunk of client.chatStream(request, { signal })) {
    const piece = chunk.choices[0]?.delta.content;
    if (!piece) continue;
    reply += piece;
    onText(reply.trimStart());
  }
  return { message: cleanCommitMessage(reply), changes, secretFilesLeftOut, shortened: summary.shortened };
}
