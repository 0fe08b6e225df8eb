// The list of sessions in the chat view: every conversation and task of the workspace, foreground and
// background, with its state and figures; and what the view asks of one (open, stop, resume, and for a
// finished background task apply or discard). The host
// sends the whole list on every change (it is short: one row per conversation), so the view keeps no
// state of its own about sessions.
import * as z from 'zod/mini';
import { CountSchema, IdSchema } from './viewShapes';

/** waiting: a question of its task waits for the user's answer. */
export const SessionStateSchema = z.enum(['running', 'waiting', 'done', 'failed', 'stopped']);
export type SessionStateView = z.infer<typeof SessionStateSchema>;

export const SessionViewSchema = z.object({
  id: IdSchema,
  conversationId: IdSchema,
  title: z.string(),
  kind: z.enum(['foreground', 'background']),
  state: SessionStateSchema,
  /** null before its first reply. */
  model: z.nullable(z.string()),
  tokens: CountSchema,
  /** null unless the user's price table prices every model it used. */
  usd: z.nullable(z.number().check(z.nonnegative())),
  filesChanged: CountSchema,
  /** Its last activity: the row's age, and the list's order. */
  updatedAt: CountSchema,
  /** Where a background task works; applied once its changes were brought into the folder. */
  worktree: z.optional(z.object({ path: z.string(), branch: z.string(), applied: z.boolean() })),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

const sessionRef = { sessionId: IdSchema };

export const sessionHostMessages = [
  /** Every session, newest activity first; sent on every change of one. */
  z.object({ type: z.literal('sessions'), sessions: z.array(SessionViewSchema) }),
] as const;

export const sessionWebviewMessages = [
  /** Shows the session's conversation (a background task's too), where its approvals are answered. */
  z.object({ type: z.literal('openSession'), ...sessionRef }),
  z.object({ type: z.literal('stopSession'), ...sessionRef }),
  /** Continues a stopped session: its task goes on, or its reply is asked again. */
  z.object({ type: z.literal('resumeSession'), ...sessionRef }),
  /** Brings a finished background task's changes into the folder, as its end-of-task notification's Apply does. */
  z.object({ type: z.literal('applySession'), ...sessionRef }),
  /** Deletes a finished background task's worktree and branch, after the same question as everywhere else. */
  z.object({ type: z.literal('discardSession'), ...sessionRef }),
] as const;
