// The /files endpoints. Upload bodies are parsed by the platform's own multipart parser
// (Request.formData()), not by hand.
import { FilePurposeSchema } from '../../api/schemas';
import type { Account } from '../auth';
import type { EmulatorContext } from '../context';
import { invalidRequest, ServiceError } from '../errors';
import type { Exchange } from '../exchange';

async function readForm(ex: Exchange): Promise<FormData> {
  const type = ex.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw invalidRequest(`the upload must be multipart/form-data with the fields file and purpose, got content-type ${JSON.stringify(type)}`);
  }
  try {
    return await new Request('http://emulator.invalid/upload', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(ex.body) }).formData();
  } catch (error) {
    throw invalidRequest(`the multipart body cannot be parsed: ${(error as Error).message}`);
  }
}

async function upload(ctx: EmulatorContext, ex: Exchange, account: Account): Promise<void> {
  const form = await readForm(ex);
  const purposeRaw = form.get('purpose');
  const purpose = FilePurposeSchema.safeParse(purposeRaw);
  if (!purpose.success) throw new ServiceError(400, 'invalid_request_error', "Invalid purpose: only 'file-extract' accepted");
  const file = form.get('file');
  if (file === null) throw invalidRequest('file is required (a multipart file field named "file")');
  if (typeof file === 'string') throw invalidRequest('file must be a file part with a filename, not a plain text field');
  const bytes = Buffer.from(await file.arrayBuffer());
  const created = await ctx.files.upload(account, file.name || 'upload', bytes, purpose.data);
  ex.sendJson(200, created);
}

/** Handles /v1/files and /v1/files/...; false when the method/path is not one of its endpoints. */
export async function handleFiles(ctx: EmulatorContext, ex: Exchange, account: Account): Promise<boolean> {
  const { method, path } = ex;
  if (path === '/v1/files') {
    if (method === 'POST') {
      await upload(ctx, ex, account);
      return true;
    }
    if (method === 'GET') {
      ex.sendJson(200, { object: 'list', data: ctx.files.list(account) });
      return true;
    }
    return false;
  }
  const m = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path);
  if (!m) return false;
  const id = decodeURIComponent(m[1]!);
  if (m[2]) {
    if (method !== 'GET') return false;
    ex.sendText(200, await ctx.files.content(account, id), 'application/json; charset=utf-8');
    return true;
  }
  if (method === 'GET') {
    ex.sendJson(200, ctx.files.get(account, id));
    return true;
  }
  if (method === 'DELETE') {
    await ctx.files.remove(account, id);
    ex.sendJson(200, { id, object: 'file', deleted: true });
    return true;
  }
  return false;
}
