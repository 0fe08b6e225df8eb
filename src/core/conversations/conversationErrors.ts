// Errors of the conversation layer, each naming what was wrong and what is allowed.
export class ConversationNotFoundError extends Error {
  constructor(readonly conversationId: string) {
    super(`No conversation with id "${conversationId}"`);
    this.name = 'ConversationNotFoundError';
  }
}

export class EntryNotFoundError extends Error {
  constructor(
    readonly conversationId: string,
    readonly entryId: string,
    readonly expected: string,
  ) {
    super(`Conversation "${conversationId}" has no ${expected} with id "${entryId}"`);
    this.name = 'EntryNotFoundError';
  }
}

export class InvalidInputError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
    this.name = 'InvalidInputError';
  }
}

export class SessionBusyError extends Error {
  constructor() {
    super('A reply is still being generated; stop it first or wait for it to finish');
    this.name = 'SessionBusyError';
  }
}
