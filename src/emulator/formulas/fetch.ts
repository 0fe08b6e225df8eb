// svc/fetch: a real HTTP(S) GET, HTML turned into Markdown (turndown), with time and size limits, to
// public addresses only (publicAddress.ts), checked again at every redirect.
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import TurndownService from 'turndown';
import { FormulaFailure, tool, type FormulaLimits, singleFunctionFormula } from './formula';
import { refusedAddressReason } from './publicAddress';

const MAX_REDIRECTS = 5;

interface Fetched {
  url: URL;
  status: number;
  statusText: string;
  contentType: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * The one address the request will use: every address the name resolves to must be public (a name
 * with one private address among public ones is refused), and the connection is pinned to the address
 * checked, so a DNS answer that changes between the check and the connection cannot redirect it.
 */
async function publicAddress(fn: string, url: URL, allowed: ReadonlySet<string>): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: LookupAddress[];
  try {
    addresses = family ? [{ address: host, family }] : await lookup(host, { all: true, verbatim: true });
  } catch (error) {
    throw new FormulaFailure('failed', `${fn}: cannot fetch ${url.href}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  for (const entry of addresses) {
    const reason = allowed.has(entry.address) ? undefined : refusedAddressReason(entry.address);
    if (reason) throw new FormulaFailure('failed', `${fn}: refused to fetch ${url.href}: ${host === entry.address ? reason : `${host} resolves to ${reason}`}`);
  }
  const first = addresses[0];
  if (!first) throw new FormulaFailure('failed', `${fn}: cannot fetch ${url.href}: ${host} has no address`);
  return first;
}

function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** One GET to the pinned address: the status, the redirect target, or the body read up to the cap. */
function getOnce(url: URL, pinned: LookupAddress, maxBytes: number, signal: AbortSignal): Promise<Fetched & { location: string | undefined }> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      {
        signal,
        lookup: pinnedLookup(pinned),
        headers: { 'user-agent': 'svc-emulator-fetch/1.0', accept: 'text/html,text/plain,application/json;q=0.9,*/*;q=0.5', 'accept-encoding': 'identity' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = status >= 300 && status < 400 ? response.headers.location : undefined;
        const result = { url, status, statusText: response.statusMessage ?? '', contentType: response.headers['content-type'] ?? '', location };
        if (location !== undefined) {
          response.resume();
          resolve({ ...result, bytes: Buffer.alloc(0), truncated: false });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            resolve({ ...result, bytes: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true });
          }
        });
        response.on('end', () => resolve({ ...result, bytes: Buffer.concat(chunks), truncated: false }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Follows redirects itself, so that every hop's address is checked before it is connected to. */
async function fetchChecked(fn: string, start: URL, limits: FormulaLimits, signal: AbortSignal): Promise<Fetched> {
  const allowed = new Set(limits.fetchAllowedAddresses);
  let url = start;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FormulaFailure('invalid_arguments', `${fn}: only http and https URLs can be fetched, got ${url.protocol}`);
    const pinned = await publicAddress(fn, url, allowed);
    const answer = await getOnce(url, pinned, limits.fetchMaxBytes, signal);
    if (answer.location === undefined) return answer;
    if (hop >= MAX_REDIRECTS) throw new FormulaFailure('failed', `${fn}: ${start.href} redirected more than ${MAX_REDIRECTS} times`);
    url = new URL(answer.location, url);
  }
}

export function htmlToMarkdown(html: string): string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.remove(['script', 'style', 'noscript', 'iframe', 'title']);
  return service.turndown(html).trim();
}

export const fetchFormula = singleFunctionFormula(
  'fetch',
  tool('fetch', 'Fetch a web page or document by URL and return its content as Markdown.', {
    url: { type: 'string', description: 'The http or https URL to fetch.' },
  }, ['url']),
  async (args, env) => {
    const raw = args.string('url');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FormulaFailure('invalid_arguments', `${args.fn}: argument "url" is not a URL: ${JSON.stringify(raw)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FormulaFailure('invalid_arguments', `${args.fn}: only http and https URLs can be fetched, got ${url.protocol}`);
    const { fetchTimeoutMs, fetchMaxBytes } = env.limits;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), fetchTimeoutMs);
    try {
      const response = await fetchChecked(args.fn, url, env.limits, controller.signal);
      const { bytes, truncated } = response;
      if (response.status < 200 || response.status >= 300) throw new FormulaFailure('failed', `${args.fn}: ${response.url.href} answered HTTP ${response.status} ${response.statusText}`);
      const text = bytes.toString('utf8');
      const body = /html/i.test(response.contentType) || /^\s*<(!doctype html|html)/i.test(text) ? htmlToMarkdown(text) : text;
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
      const head = [`URL: ${response.url.href}`, ...(title ? [`Title: ${title}`] : [])].join('\n');
      return { output: `${head}\n\n${body}${truncated ? `\n\n[truncated at ${fetchMaxBytes} bytes]` : ''}` };
    } catch (error) {
      if (error instanceof FormulaFailure) throw error;
      if (controller.signal.aborted) throw new FormulaFailure('timeout', `${args.fn}: ${url.href} did not answer within ${fetchTimeoutMs} ms`);
      throw new FormulaFailure('failed', `${args.fn}: cannot fetch ${url.href}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  },
);
