// A failed connection in words a user acts on: which host could not be reached, why in one plain
// clause, and where to look (the connection, the proxy setting). The system's code (ENOTFOUND, …) is
// kept apart for the error's details, where support can still read it. Said in the user's language:
// the client's own message (English, for the log) is only read for the code and the host.
import * as l10n from '../l10n';

export interface ConnectionProblem {
  message: string;
  /** The system's error code, e.g. ENOTFOUND; undefined when the failure named none. */
  code: string | undefined;
}

const CODE = /\b(E[A-Z][A-Z_]{2,}|UND_ERR_[A-Z_]+)\b/;
const HOST_AFTER_CODE = /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\s+([^\s,;)]+)/;

/** Why the connection failed, for the codes that have a plain reason; called when the text is shown. */
function reason(code: string): string | undefined {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return l10n.t('its name could not be looked up');
    case 'ECONNREFUSED':
      return l10n.t('the connection was refused');
    case 'ECONNRESET':
      return l10n.t('the connection was reset');
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return l10n.t('the connection timed out');
    case 'EHOSTUNREACH':
      return l10n.t('there is no route to it');
    case 'ENETUNREACH':
      return l10n.t('the network is unreachable');
    default:
      return undefined;
  }
}

/** The plain sentence for a network failure whose raw text is `raw` (e.g. "fetch failed: getaddrinfo ENOTFOUND api.example"). */
export function connectionProblem(raw: string): ConnectionProblem {
  const code = CODE.exec(raw)?.[1];
  const host = HOST_AFTER_CODE.exec(raw)?.[1];
  const why = code === undefined ? undefined : reason(code);
  let message: string;
  if (host !== undefined && why !== undefined) {
    message = l10n.t("Can't reach {0}: {1}. Check your connection or proxy (http.proxy), or use the local emulator.", host, why);
  } else if (host !== undefined) {
    message = l10n.t("Can't reach {0}. Check your connection or proxy (http.proxy), or use the local emulator.", host);
  } else if (why !== undefined) {
    message = l10n.t("Can't reach the svc service: {0}. Check your connection or proxy (http.proxy), or use the local emulator.", why);
  } else {
    message = l10n.t("Can't reach the svc service. Check your connection or proxy (http.proxy), or use the local emulator.");
  }
  return { message, code };
}

/** The plain sentence for a request that got no answer within `seconds`. */
export function timeoutProblem(seconds: number): string {
  return l10n.t('The service did not answer within {0} s. Check your connection or proxy (http.proxy), or allow more time (svc.requestTimeoutSeconds).', seconds);
}
