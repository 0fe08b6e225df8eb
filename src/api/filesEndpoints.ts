// POST/GET/DELETE /files…: upload (multipart/form-data with the platform's FormData and Blob), list,
// inspect, delete and read the extracted content of files.
import { RequestValidationError, type ValidationIssue } from './errors';
import type { HttpTransport } from './httpTransport';
import { LIMITS } from './models';
import {
  type FileDeleted,
  FileDeletedSchema,
  FileListSchema,
  type FileObject,
  FileObjectSchema,
  FilePurposeSchema,
  type FilePurpose,
} from './schemas';

export interface UploadFileRequest {
  data: Blob | ArrayBuffer | Uint8Array | string;
  filename: string;
  purpose: FilePurpose;
}

export interface CallOptions {
  signal?: AbortSignal;
}

function toBlob(data: UploadFileRequest['data']): Blob {
  if (data instanceof Blob) return data;
  if (typeof data === 'string') return new Blob([data], { type: 'text/plain' });
  return new Blob([data as BlobPart]);
}

function filePath(id: string, suffix = ''): string {
  if (typeof id !== 'string' || id === '') throw new RequestValidationError([{ field: 'id', message: 'required, a file id' }]);
  return `/files/${encodeURIComponent(id)}${suffix}`;
}

export class FilesApi {
  constructor(private readonly transport: HttpTransport) {}

  /** Checked here first: the purpose, an empty file and the 100 MB limit, so a doomed upload is not sent. */
  upload(request: UploadFileRequest, options: CallOptions = {}): Promise<FileObject> {
    const issues: ValidationIssue[] = [];
    if (!FilePurposeSchema.safeParse(request.purpose).success) {
      issues.push({ field: 'purpose', message: `must be one of ${FilePurposeSchema.options.join(', ')} (got ${JSON.stringify(request.purpose)})` });
    }
    if (typeof request.filename !== 'string' || request.filename.trim() === '') {
      issues.push({ field: 'filename', message: 'required, the name of the file with its extension' });
    }
    const blob = toBlob(request.data);
    if (blob.size === 0) issues.push({ field: 'data', message: 'the file is empty; the service rejects empty files' });
    if (blob.size > LIMITS.maxFileBytes) {
      issues.push({ field: 'data', message: `the file is ${blob.size} bytes; at most ${LIMITS.maxFileBytes} (100 MB) are accepted` });
    }
    if (issues.length > 0) return Promise.reject(new RequestValidationError(issues));
    const form = new FormData();
    form.append('purpose', request.purpose);
    form.append('file', blob, request.filename);
    return this.transport.json({ method: 'POST', path: '/files', form, signal: options.signal }, FileObjectSchema);
  }

  async list(options: CallOptions = {}): Promise<FileObject[]> {
    const list = await this.transport.json({ method: 'GET', path: '/files', signal: options.signal }, FileListSchema);
    return list.data;
  }

  async get(id: string, options: CallOptions = {}): Promise<FileObject> {
    return this.transport.json({ method: 'GET', path: filePath(id), signal: options.signal }, FileObjectSchema);
  }

  async delete(id: string, options: CallOptions = {}): Promise<FileDeleted> {
    return this.transport.json({ method: 'DELETE', path: filePath(id), signal: options.signal }, FileDeletedSchema);
  }

  /** The extraction result as the service sends it (normally a JSON document), to be placed in a system message. */
  async content(id: string, options: CallOptions = {}): Promise<string> {
    return this.transport.text({ method: 'GET', path: filePath(id, '/content'), signal: options.signal });
  }
}
