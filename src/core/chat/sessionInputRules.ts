// What the chat session accepts from the view, each refusal naming the field and what is allowed, in
// the user's language (the view shows the error as it is).
import { InvalidInputError } from '../conversations/conversationErrors';
import * as l10n from '../l10n';

export function requireText(text: string): void {
  if (text.trim() === '') throw new InvalidInputError('text', l10n.t('the message must not be empty'));
}

/** One of the reply's `count` alternatives. */
export function requireChoiceIndex(choiceIndex: number, count: number): void {
  if (!Number.isInteger(choiceIndex) || choiceIndex < 0 || choiceIndex >= count) {
    throw new InvalidInputError('choiceIndex', l10n.t('must be a whole number from 0 to {0}', count - 1));
  }
}
