// A failed connection in words a user acts on: which host could not be reached, why in one plain
// clause, and where to look (the connection, the proxy setting). The system's code (ENOTFOUND, …) is
// kept apart for the error's details, where support can still read it.
export interface ConnectionProblem {
  message: string;
  /** The system's error code, e.g. ENOTFOUND; undefined when the failure named none. */
  code: string | undefined;
}

const CODE = /\b(E[A-Z][A-Z_]{2,}|UND_ERR_[A-Z_]+)\b/;
const HOST_AFTER_CODE = /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\s+([^\s,;)]+)/;

const REASON: Record<string, string> = {
  ENOTFOUND: 'its name could not be looked up',
  EAI_AGAIN: 'its name could not be looked up',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'there is no route to it',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
};

const WHERE_TO_LOOK = "Check your connection or proxy (http.proxy), or use the local emulator.";

/** The plain sentence for a network failure whose raw text is `raw` (e.g. "fetch failed: getaddrinfo ENOTFOUND api.example"). */
export function connectionProblem(raw: string): ConnectionProblem {
  const code = CODE.exec(raw)?.[1];
  const host = HOST_AFTER_CODE.exec(raw)?.[1];
  const reason = code === undefined ? undefined : REASON[code];
  const what = host !== undefined ? `Can't reach ${host}` : "Can't reach the svc service";
  return { message: `${what}${reason ? `: ${reason}` : ''}. ${WHERE_TO_LOOK}`, code };
}

/** The plain sentence for a request that got no answer within `seconds`. */
export function timeoutProblem(seconds: number): string {
  return `The service did not answer within ${seconds} s. Check your connection or proxy (http.proxy), or allow more time (svc.requestTimeoutSeconds).`;
}
