// A completion on the screen that the user types into: while what they type is the start of it, the
// rest stays shown without a new request, as a shorter completion.
export interface ShownCompletion {
  path: string;
  before: string;
  after: string;
  text: string;
}

/** What remains of `shown` after the user typed on from where it was shown, or undefined. */
export function remainderAfterTyping(shown: ShownCompletion, path: string, before: string, after: string): string | undefined {
  if (path !== shown.path || after !== shown.after || !before.startsWith(shown.before)) return undefined;
  const typed = before.slice(shown.before.length);
  if (typed === '' || !shown.text.startsWith(typed) || typed.length >= shown.text.length) return undefined;
  return shown.text.slice(typed.length);
}
