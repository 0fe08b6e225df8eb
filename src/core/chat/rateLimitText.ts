// A rate limit said in the user's words: which of the account's limits was reached, never the service's
// own sentence, which names the account and the key ("Your account org-…<ak-…> request reached
// organization max RPM: 0"). That sentence is kept, with the ids blanked, for the folded details.
import * as l10n from '../l10n';

/** Account, organisation, project and key ids as services print them: `org-…`, `ak-…`, `sk-…`. */
const ACCOUNT_ID = /\b(org|ak|sk|acct|proj|user)-[A-Za-z0-9_-]{4,}/g;

/** The service's text with every account or key id reduced to its prefix, e.g. `org-…`. */
export function redactAccountIds(text: string): string {
  return text.replace(ACCOUNT_ID, '$1-…');
}

/** Which limit the service's sentence names, said in the user's language. */
export function rateLimitMessage(serviceText: string): string {
  if (/\bTPD\b/.test(serviceText)) return l10n.t("This account's daily token limit is reached. Try again tomorrow, or use another model or key.");
  if (/\bTPM\b/.test(serviceText)) return l10n.t('This account sent too many tokens in the last minute. The service asks to wait a little.');
  if (/\bRPM\b/.test(serviceText)) return l10n.t('This account sent too many requests in the last minute. The service asks to wait a little.');
  if (/concurrency/i.test(serviceText)) return l10n.t('This account has too many requests running at once. The service asks to wait a little.');
  return l10n.t('The service limits how often this account may send requests. It asks to wait a little.');
}
