// A pass-through front of the local emulator for fault tests that drive the real extension in a real
// VS Code, where no test code sits between the extension's client and the emulator. Every request goes
// to the emulator unchanged, except that a chat request whose last user message matches a rule carries
// the emulator's own `x-svc-fault` header: the emulator itself answers the 429 or cuts the stream, and
// the rule's count running out is the fault clearing.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';

/** JSON list of per-request faults, e.g. `[{ "lastUserText": "cut me", "fault": "drop-after=6", "times": 1 }]`. */
export const FAULTS_ENV = 'SVC_EMULATOR_FAULTS';

const FaultRuleSchema = z
  .object({
    /** Case-insensitive substring of the request's last user message. */
    lastUserText: z.string().min(1, 'a non-empty piece of the last user message'),
    /** The value of `x-svc-fault` (the emulator checks it and lists the allowed faults). */
    fault: z.string().min(1, 'an x-svc-fault value such as "drop-after=6" or "rate-limit=5"'),
    /** How many matching requests get the fault (client retries count); later ones pass clean. */
    times: z.number().int().min(1, 'a whole number of requests, 1 or more').default(1),
  })
  .strict();

export type FaultRule = z.infer<typeof FaultRuleSchema>;

export class FaultRulesError extends Error {
  constructor(message: string) {
    super(`${FAULTS_ENV}: ${message}`);
    this.name = 'FaultRulesError';
  }
}

export function parseFaultRules(json: string): FaultRule[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new FaultRulesError(`not JSON (${error instanceof Error ? error.message : String(error)}); expected a list of { lastUserText, fault, times? }`);
  }
  const parsed = z.array(FaultRuleSchema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') || 'the value';
    throw new FaultRulesError(`${where}: ${issue?.message ?? 'invalid'}; expected a list of { lastUserText, fault, times? }`);
  }
  return parsed.data;
}

/** The text of the last user message of a chat request body, or undefined for anything else. */
function lastUserText(body: Buffer): string | undefined {
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const messages = (request as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return undefined;
  const last = [...messages].reverse().find((m): m is { content: unknown } => (m as { role?: unknown })?.role === 'user');
  if (typeof last?.content === 'string') return last.content;
  if (!Array.isArray(last?.content)) return undefined;
  return last.content.map((part: { type?: unknown; text?: unknown }) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

export interface FaultFront {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and forwards to the emulator on `emulatorPort`. */
export async function startFaultFront(emulatorPort: number, rules: readonly FaultRule[]): Promise<FaultFront> {
  const left = rules.map((rule) => ({ ...rule, needle: rule.lastUserText.toLowerCase() }));
  const takeFault = (body: Buffer): string | undefined => {
    const text = lastUserText(body)?.toLowerCase();
    const rule = text === undefined ? undefined : left.find((r) => r.times > 0 && text.includes(r.needle));
    if (rule) rule.times -= 1;
    return rule?.fault;
  };
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const fault = req.method === 'POST' && req.url?.endsWith('/chat/completions') ? takeFault(body) : undefined;
      const upstream = http.request(
        { host: '127.0.0.1', port: emulatorPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${emulatorPort}`, ...(fault ? { 'x-svc-fault': fault } : {}) } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // A stream the emulator cut reaches the client cut, not ended cleanly.
          answer.on('close', () => {
            if (!answer.complete) res.destroy();
          });
        },
      );
      upstream.on('error', () => res.destroy());
      // The client went away (the user stopped the reply): the emulator sees it too.
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
