// svc/web-search: a protected formula, so its result is `encrypted_output` between the spec's
// markers. The emulator is offline: the (base64-encoded) payload says that no live search was run.
import { ENCRYPTED_BEGIN, ENCRYPTED_END } from '../../api/schemas';
import { tool, singleFunctionFormula } from './formula';

/** What one search costs against the balance (web-search is the charged formula). */
export const WEB_SEARCH_PRICE_USD = 0.005;

export function encryptedEnvelope(payload: unknown): string {
  return `${ENCRYPTED_BEGIN}${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64')}${ENCRYPTED_END}`;
}

export const webSearchFormula = singleFunctionFormula(
  'web-search',
  tool('web_search', 'Search the internet in real time and return the results.', {
    query: { type: 'string', description: 'What to search for.' },
  }, ['query']),
  async (args, env) => {
    const query = args.string('query');
    env.charge(WEB_SEARCH_PRICE_USD);
    return {
      encrypted_output: encryptedEnvelope({
        query,
        results: [],
        note: 'The local svc emulator is offline: no live web search was run, so there are no results.',
      }),
    };
  },
);
