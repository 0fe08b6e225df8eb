// GET /formulas/{uri}/tools and POST /formulas/{uri}/fibers: the official tools. A URI is
// `<namespace>/<name>:<tag>`; a missing tag means `latest`.
import { RequestValidationError } from './errors';
import type { HttpTransport } from './httpTransport';
import { type Fiber, type FiberCall, FiberSchema, FormulaToolsSchema, type ToolDefinition } from './schemas';
import type { CallOptions } from './filesEndpoints';

const FORMULA_URI = /^([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)(?::([A-Za-z0-9_.-]+))?$/;

/** `svc/date` → `svc/date:latest`; anything not of the form `<namespace>/<name>[:<tag>]` is rejected. */
export function normalizeFormulaUri(uri: string): string {
  const match = typeof uri === 'string' ? FORMULA_URI.exec(uri) : null;
  if (match === null) {
    throw new RequestValidationError([
      { field: 'uri', message: `must have the form <namespace>/<name>:<tag>, e.g. svc/date:latest (got ${JSON.stringify(uri)})` },
    ]);
  }
  return `${match[1]}/${match[2]}:${match[3] ?? 'latest'}`;
}

export class FormulasApi {
  constructor(private readonly transport: HttpTransport) {}

  async tools(uri: string, options: CallOptions = {}): Promise<ToolDefinition[]> {
    const path = `/formulas/${normalizeFormulaUri(uri)}/tools`;
    const list = await this.transport.json({ method: 'GET', path, signal: options.signal }, FormulaToolsSchema);
    return list.tools;
  }

  /** `arguments` is passed exactly as the model produced it in function.arguments. */
  async call(uri: string, call: FiberCall, options: CallOptions = {}): Promise<Fiber> {
    const path = `/formulas/${normalizeFormulaUri(uri)}/fibers`;
    const issues = [];
    if (typeof call?.name !== 'string' || call.name === '') issues.push({ field: 'name', message: 'required, the function name' });
    if (typeof call?.arguments !== 'string') issues.push({ field: 'arguments', message: 'required, the JSON-encoded arguments string' });
    if (issues.length > 0) throw new RequestValidationError(issues);
    return this.transport.json(
      { method: 'POST', path, json: { name: call.name, arguments: call.arguments }, signal: options.signal },
      FiberSchema,
    );
  }
}
