// A reason the path gate gives, in two languages from one function: English for the model and the log,
// the display language for the user. Text the model reads must never be a translation.
import * as l10n from '../l10n';

export interface GateReason {
  /** English: for the model and the log. */
  reason: string;
  /** In the display language: for the user. */
  shownReason: string;
}

export function gateReason(build: () => string): GateReason {
  return { reason: l10n.inEnglish(build), shownReason: build() };
}
