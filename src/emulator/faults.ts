// Fault injection for tests and demos: server-wide flags (rates spread evenly over requests, so a
// run is reproducible) and the per-request header `x-svc-fault`, so one test can ask for one fault
// without restarting the server.
import type { Account } from './auth';
import { invalidRequest, ServiceError } from './errors';
import type { FaultOptions } from './options';

export const FAULT_HEADER = 'x-svc-fault';

export interface FaultPlan {
  overload: boolean;
  invalidState: boolean;
  contentFilter: boolean;
  /** Answer 429 rate_limit_reached_error asking to retry after this many seconds. */
  rateLimitSeconds: number | undefined;
  /** Cut the connection after this many stream chunks. */
  dropAfter: number | undefined;
  slowFirstByteMs: number;
  /** Send one chunk that is not valid JSON in the middle of the stream. */
  malformedChunk: boolean;
  /** Send an error object as a stream event mid-stream, then end without [DONE]. */
  errorEvent: boolean;
  /**
   * Stream tool calls the way the real service sometimes does (fixture indexless-tool-calls): all
   * calls' heads in one chunk and all arguments in the next, with no `index` (position is the index).
   */
  indexlessToolCalls: boolean;
}

const HELP = 'allowed: overload, invalid-state, content-filter, malformed-chunk, error-event, indexless-tool-calls, rate-limit=SECONDS, drop-after=CHUNKS, slow-first-byte=MS (comma-separated)';

function wholeNumber(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (raw === undefined || raw === '' || !Number.isInteger(value) || value < 0) {
    throw invalidRequest(`header ${FAULT_HEADER}: ${name} needs a whole number >= 0, got ${JSON.stringify(raw ?? '')}; ${HELP}`);
  }
  return value;
}

export function parseFaultHeader(header: string | undefined): Partial<FaultPlan> {
  const plan: Partial<FaultPlan> = {};
  if (!header) return plan;
  for (const item of header.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [name, raw] = item.split('=', 2).map((s) => s.trim()) as [string, string | undefined];
    switch (name.toLowerCase()) {
      case 'overload': plan.overload = true; break;
      case 'invalid-state': plan.invalidState = true; break;
      case 'content-filter': plan.contentFilter = true; break;
      case 'malformed-chunk': plan.malformedChunk = true; break;
      case 'error-event': plan.errorEvent = true; break;
      case 'indexless-tool-calls': plan.indexlessToolCalls = true; break;
      case 'rate-limit': plan.rateLimitSeconds = wholeNumber('rate-limit', raw); break;
      case 'drop-after': plan.dropAfter = wholeNumber('drop-after', raw); break;
      case 'slow-first-byte': plan.slowFirstByteMs = wholeNumber('slow-first-byte', raw); break;
      default: throw invalidRequest(`header ${FAULT_HEADER}: unknown fault ${JSON.stringify(name)}; ${HELP}`);
    }
  }
  return plan;
}

/** Deterministic "rate": request k (1-based) is hit when floor(k*rate) grows. */
function hits(counter: number, rate: number): boolean {
  return rate > 0 && Math.floor(counter * rate) > Math.floor((counter - 1) * rate);
}

export class FaultInjector {
  private chatCount = 0;

  constructor(private readonly options: FaultOptions) {
    for (const [name, rate] of [['overloadRate', options.overloadRate], ['invalidStateRate', options.invalidStateRate]] as const) {
      if (rate !== undefined && !(rate >= 0 && rate <= 1)) throw new RangeError(`faults.${name} must be between 0 and 1, got ${rate}`);
    }
  }

  /** The faults of one chat request: the server-wide flags plus what its header asks for. */
  planChat(header: string | undefined): FaultPlan {
    const asked = parseFaultHeader(header);
    this.chatCount++;
    return {
      overload: asked.overload ?? hits(this.chatCount, this.options.overloadRate ?? 0),
      invalidState: asked.invalidState ?? hits(this.chatCount, this.options.invalidStateRate ?? 0),
      contentFilter: asked.contentFilter ?? false,
      rateLimitSeconds: asked.rateLimitSeconds,
      dropAfter: asked.dropAfter ?? this.options.dropAfterChunks,
      slowFirstByteMs: asked.slowFirstByteMs ?? this.options.slowFirstByteMs ?? 0,
      malformedChunk: asked.malformedChunk ?? false,
      errorEvent: asked.errorEvent ?? false,
      indexlessToolCalls: asked.indexlessToolCalls ?? false,
    };
  }
}

/** The faults that replace the whole answer with an error, in the spec's shapes. */
export function faultError(plan: FaultPlan, account: Account): ServiceError | undefined {
  if (plan.invalidState) return new ServiceError(500, 'unexpected_output', 'invalid state transition');
  if (plan.overload) return new ServiceError(429, 'engine_overloaded_error', 'The engine is currently overloaded, please try again later');
  if (plan.rateLimitSeconds !== undefined) {
    return new ServiceError(
      429,
      'rate_limit_reached_error',
      `Your account ${account.id}<${account.keyId}> request reached organization max RPM: 0, please try again after ${plan.rateLimitSeconds} seconds`,
      { 'retry-after': String(plan.rateLimitSeconds) },
    );
  }
  if (plan.contentFilter) return new ServiceError(400, 'content_filter', 'The request was rejected because it was considered high risk');
  return undefined;
}
