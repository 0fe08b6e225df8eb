// GET /formulas/{uri}/tools and POST /formulas/{uri}/fibers. The URI may arrive raw
// (svc/convert:latest) or percent-encoded (svc%2Fconvert%3Alatest).
import { FiberCallSchema } from '../../api/schemas';
import type { Account } from '../auth';
import type { EmulatorContext } from '../context';
import { invalidRequest } from '../errors';
import type { Exchange } from '../exchange';

export async function handleFormulas(ctx: EmulatorContext, ex: Exchange, account: Account): Promise<boolean> {
  const m = /^\/v1\/formulas\/(.+)\/(tools|fibers)$/.exec(ex.path);
  if (!m) return false;
  const uri = decodeURIComponent(m[1]!);
  if (m[2] === 'tools' && ex.method === 'GET') {
    ex.sendJson(200, { object: 'list', tools: ctx.formulas.tools(uri) });
    return true;
  }
  if (m[2] === 'fibers' && ex.method === 'POST') {
    const body = ex.json();
    const parsed = FiberCallSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalidRequest(`${issue.path.map(String).join('.') || 'body'}: ${issue.message} (the body is {"name": string, "arguments": string})`);
    }
    ex.sendJson(200, await ctx.formulas.run(account, uri, parsed.data, ex.body.toString('utf8')));
    return true;
  }
  return false;
}
