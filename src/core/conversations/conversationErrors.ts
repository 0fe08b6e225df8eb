// Errors of the conversation layer, each naming what was wrong and what is allowed. Their messages reach
// the user (a notice in the chat, an error under a reply), so they are in the editor's language.
import * as l10n from '../l10n';

export class ConversationNotFoundError extends Error {
  constructor(readonly conversationId: string) {
    super(l10n.t('No conversation with id "{0}"', conversationId));
    this.name = 'ConversationNotFoundError';
  }
}

/** The kinds of entry a request may name by id. */
export type ExpectedEntry = 'user message' | 'assistant reply';

export class EntryNotFoundError extends Error {
  constructor(
    readonly conversationId: string,
    readonly entryId: string,
    readonly expected: ExpectedEntry,
  ) {
    super(
      expected === 'user message'
        ? l10n.t('Conversation "{0}" has no user message with id "{1}"', conversationId, entryId)
        : l10n.t('Conversation "{0}" has no assistant reply with id "{1}"', conversationId, entryId),
    );
    this.name = 'EntryNotFoundError';
  }
}

export class InvalidInputError extends Error {
  constructor(
    readonly field: string,
    /** What is allowed, in the editor's language (the field keeps its name). */
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
    this.name = 'InvalidInputError';
  }
}

export class SessionBusyError extends Error {
  constructor() {
    super(l10n.t('A reply is still being generated; stop it first or wait for it to finish'));
    this.name = 'SessionBusyError';
  }
}
