// svc/fetch: a real HTTP(S) GET, HTML turned into Markdown (turndown), with time and size limits.
import TurndownService from 'turndown';
import { FormulaFailure, requireString, tool, type Formula } from './formula';

async function readCapped(response: Response, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), truncated: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), truncated: false };
    chunks.push(Buffer.from(value));
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true };
    }
  }
}

export function htmlToMarkdown(html: string): string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  service.remove(['script', 'style', 'noscript', 'iframe', 'title']);
  return service.turndown(html).trim();
}

export const fetchFormula: Formula = {
  name: 'fetch',
  tools: [
    tool('fetch', 'Fetch a web page or document by URL and return its content as Markdown.', {
      url: { type: 'string', description: 'The http or https URL to fetch.' },
    }, ['url']),
  ],
  async run(fn, args, env) {
    const raw = requireString(fn, args, 'url');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FormulaFailure('invalid_arguments', `${fn}: argument "url" is not a URL: ${JSON.stringify(raw)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FormulaFailure('invalid_arguments', `${fn}: only http and https URLs can be fetched, got ${url.protocol}`);
    const { fetchTimeoutMs, fetchMaxBytes } = env.limits;
    let response: Response;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), fetchTimeoutMs);
    try {
      response = await fetch(url, { signal: controller.signal, redirect: 'follow', headers: { 'user-agent': 'svc-emulator-fetch/1.0', accept: 'text/html,text/plain,application/json;q=0.9,*/*;q=0.5' } });
      const { bytes, truncated } = await readCapped(response, fetchMaxBytes);
      if (!response.ok) throw new FormulaFailure('failed', `${fn}: ${url.href} answered HTTP ${response.status} ${response.statusText}`);
      const type = response.headers.get('content-type') ?? '';
      const text = bytes.toString('utf8');
      const body = /html/i.test(type) || /^\s*<(!doctype html|html)/i.test(text) ? htmlToMarkdown(text) : text;
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
      const head = [`URL: ${response.url || url.href}`, ...(title ? [`Title: ${title}`] : [])].join('\n');
      return { output: `${head}\n\n${body}${truncated ? `\n\n[truncated at ${fetchMaxBytes} bytes]` : ''}` };
    } catch (error) {
      if (error instanceof FormulaFailure) throw error;
      if (controller.signal.aborted) throw new FormulaFailure('timeout', `${fn}: ${url.href} did not answer within ${fetchTimeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new FormulaFailure('failed', `${fn}: cannot fetch ${url.href}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  },
};
