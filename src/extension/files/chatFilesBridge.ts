// The seam between the file features and the chat view, in both directions. The chat view implements
// ChatFilesTarget (its notices, chatFileNotices.ts, exist before it); registerFileFeatures returns
// FileFeatures for the chat view to call.
import type { Usage, SystemMessage, UserMessage } from '../../api/index';
import type { AttachmentChip, TakenRequest } from '../../core/files/attachmentSession';
import type { ReplyCost } from '../../core/billing/replyCost';

/** One user turn built by a file command ("explain this file", "explain selection"). */
export interface FileTurn {
  model: string;
  /** What the user's bubble shows, e.g. "Explain src/app.ts". */
  display: string;
  /** Extracted file contents, one system message per file; they go right before `userMessage`. */
  systemMessages: SystemMessage[];
  userMessage: UserMessage;
}

export interface ChatNotice {
  severity: 'info' | 'warning' | 'error';
  /** A line in the conversation for the user, never sent to the model (extraction failures, evictions). */
  text: string;
}

/** What the file features tell the chat view; they need no conversation, so they exist before the chat controller. */
export interface ChatFilesNotices {
  /** The composer's attachment chips changed (added, status changed, removed, sent). */
  showAttachments(chips: readonly AttachmentChip[]): void;
  showNotice(notice: ChatNotice): void;
  /** Switches the chat's model (offered when an image meets a model that cannot see). */
  selectModel(modelId: string): void;
}

/** Implemented by the chat view. */
export interface ChatFilesTarget extends ChatFilesNotices {
  /** Reveals the chat view, appends the turn and streams the reply like any other message. */
  sendTurn(turn: FileTurn): Promise<void>;
}

/** Returned by registerFileFeatures; called by the chat view. */
export interface FileFeatures {
  /** Files dropped or pasted into the composer: attached and uploaded at once, shown as chips. */
  attach(files: readonly { name: string; data: Uint8Array; source?: string }[]): Promise<void>;
  removeAttachment(chipId: string): void;
  /** The chips now (a reloaded chat view shows them again); none when no account is set up yet. */
  attachments(): Promise<AttachmentChip[]>;
  /** The extracted text of the files attached and ready, counted in the composer's token estimate. */
  attachedText(): SystemMessage[];
  /**
   * At send: waits for running uploads and returns the turn (system messages + user message) with
   * the attachments, then clears the chips. Throws VisionUnsupportedError (chips stay) when images or
   * videos meet a model that cannot see. Attachments that failed are in `omitted` / `refused`: the
   * message goes without them and the chat shows why.
   */
  takeTurn(input: { model: string; text: string }): Promise<TakenRequest>;
  /** Before every chat request: throws BalanceBlockedError (with the reason) at or below zero. */
  assertCanSend(): Promise<void>;
  /** After every reply: its cost (tokens, and USD with a price table) and a balance refresh. */
  replyFinished(usage: Usage, model: string): ReplyCost;
}
