// Uploaded files of every account, persisted in the data dir (one folder per file: meta.json, the
// bytes, the extraction), with the spec's per-key limits and ownership checks.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FILE_EXTENSIONS, LIMITS } from '../../api/models';
import type { FileObject, FilePurpose } from '../../api/schemas';
import type { Account } from '../auth';
import { ServiceError } from '../errors';
import type { FileLimitOptions } from '../options';
import { extractFile, ExtractionError } from './extract';

export interface FileLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
}

interface StoredMeta {
  file: FileObject;
  owner: string;
  /** Present when extraction succeeded (purpose file-extract). */
  mime?: string;
}

const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.webm', '.avi', '.mkv', '.m4v', '.mpeg', '.mpg', '.3gp'];

/** "100MB", "10GB", "512KB", "100B": how the spec writes sizes, for any configured limit. */
export function formatSize(bytes: number): string {
  const units: [string, number][] = [['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]];
  for (const [unit, size] of units) if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}B`;
}

export function fileTooLargeMessage(maxFileBytes: number): string {
  return `File size is too large, max file size is ${formatSize(maxFileBytes)}, please confirm and re-upload the file`;
}

export function tooManyFilesMessage(maxFiles: number): string {
  return `The number of files you have uploaded exceeded the max file count ${maxFiles}, please delete previous uploaded files`;
}

/** Not worded by the spec (only the 10 GB limit is); phrased like its file-count message. */
export function totalTooLargeMessage(maxTotalBytes: number): string {
  return `The total size of the files you have uploaded exceeded the max total size ${formatSize(maxTotalBytes)}, please delete previous uploaded files`;
}

export class FileStore {
  private constructor(
    private readonly dir: string,
    readonly limits: FileLimits,
    private readonly metas: Map<string, StoredMeta>,
  ) {}

  static async open(dir: string, options: FileLimitOptions): Promise<FileStore> {
    const limits: FileLimits = {
      maxFileBytes: options.maxFileBytes ?? LIMITS.maxFileBytes,
      maxFiles: options.maxFiles ?? LIMITS.maxFilesPerUser,
      maxTotalBytes: options.maxTotalBytes ?? LIMITS.maxTotalFileBytes,
    };
    for (const [name, value] of Object.entries(limits)) {
      if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`fileLimits.${name} must be a whole number > 0, got ${value}`);
    }
    await fs.promises.mkdir(dir, { recursive: true });
    const metas = new Map<string, StoredMeta>();
    for (const entry of await fs.promises.readdir(dir)) {
      const metaPath = path.join(dir, entry, 'meta.json');
      if (!fs.existsSync(metaPath)) continue;
      const meta = JSON.parse(await fs.promises.readFile(metaPath, 'utf8')) as StoredMeta;
      metas.set(meta.file.id, meta);
    }
    return new FileStore(dir, limits, metas);
  }

  tooLargeError(): ServiceError {
    return new ServiceError(400, 'invalid_request_error', fileTooLargeMessage(this.limits.maxFileBytes));
  }

  list(account: Account): FileObject[] {
    return [...this.metas.values()].filter((m) => m.owner === account.id).map((m) => m.file).sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
  }

  /** The file, if it exists and is this account's; `field` names where the id came from in errors. */
  get(account: Account, id: string, field = 'file_id'): FileObject {
    const meta = this.metas.get(id);
    if (!meta) throw new ServiceError(404, 'resource_not_found_error', `Not found the file ${id} (${field}) or Permission denied`);
    if (meta.owner !== account.id) throw new ServiceError(403, 'permission_denied_error', 'You are not allowed to get other user info');
    return meta.file;
  }

  async upload(account: Account, filename: string, bytes: Buffer, purpose: FilePurpose): Promise<FileObject> {
    if (bytes.length === 0) throw new ServiceError(400, 'invalid_request_error', 'File size is zero, please confirm and re-upload the file');
    if (bytes.length > this.limits.maxFileBytes) throw this.tooLargeError();
    const mine = this.list(account);
    if (mine.length >= this.limits.maxFiles) throw new ServiceError(400, 'invalid_request_error', tooManyFilesMessage(this.limits.maxFiles));
    const used = mine.reduce((sum, f) => sum + f.bytes, 0);
    if (used + bytes.length > this.limits.maxTotalBytes) throw new ServiceError(400, 'invalid_request_error', totalTooLargeMessage(this.limits.maxTotalBytes));
    const ext = path.extname(filename).toLowerCase();
    if (purpose === 'image' && !(FILE_EXTENSIONS.image as readonly string[]).includes(ext)) {
      throw new ServiceError(400, 'invalid_request_error', `Invalid request: purpose image needs an image file (${FILE_EXTENSIONS.image.join(', ')}), got ${JSON.stringify(filename)}`);
    }
    if (purpose === 'video' && !VIDEO_EXTENSIONS.includes(ext)) {
      throw new ServiceError(400, 'invalid_request_error', `Invalid request: purpose video needs a video file (${VIDEO_EXTENSIONS.join(', ')}), got ${JSON.stringify(filename)}`);
    }
    const id = `cf${randomBytes(10).toString('hex')}`;
    const folder = path.join(this.dir, id);
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.writeFile(path.join(folder, 'blob'), bytes);
    const file: FileObject = {
      id,
      object: 'file',
      bytes: bytes.length,
      created_at: Math.floor(Date.now() / 1000),
      filename,
      purpose,
      status: 'ok',
      status_details: '',
    };
    const meta: StoredMeta = { file, owner: account.id };
    if (purpose === 'file-extract') {
      try {
        const extracted = await extractFile(filename, bytes);
        meta.mime = extracted.mime;
        await fs.promises.writeFile(path.join(folder, 'content.txt'), extracted.text);
      } catch (error) {
        if (!(error instanceof ExtractionError)) throw error;
        file.status = 'error';
        file.status_details = error.message;
      }
    }
    await fs.promises.writeFile(path.join(folder, 'meta.json'), JSON.stringify(meta, null, 2));
    this.metas.set(id, meta);
    return file;
  }

  async remove(account: Account, id: string): Promise<void> {
    this.get(account, id);
    this.metas.delete(id);
    await fs.promises.rm(path.join(this.dir, id), { recursive: true, force: true });
  }

  /** The extraction in the service's internal JSON format, as GET /files/{id}/content returns it. */
  async content(account: Account, id: string): Promise<string> {
    const file = this.get(account, id);
    if (file.purpose !== 'file-extract') {
      throw new ServiceError(400, 'invalid_request_error', `Invalid request: file ${id} was uploaded with purpose ${file.purpose}; only file-extract files have extracted content`);
    }
    if (file.status === 'error') throw new ServiceError(500, 'server_error', `Failed to extract file: ${file.status_details ?? 'unknown error'}`);
    const text = await fs.promises.readFile(path.join(this.dir, id, 'content.txt'), 'utf8');
    return JSON.stringify({ content: text, file_type: this.metas.get(id)!.mime ?? 'text/plain', filename: file.filename, title: '', type: 'file' });
  }

  /** Raw bytes of an owned file (the excel formula reads uploaded workbooks). */
  async bytes(account: Account, id: string): Promise<{ file: FileObject; bytes: Buffer }> {
    const file = this.get(account, id);
    return { file, bytes: await fs.promises.readFile(path.join(this.dir, id, 'blob')) };
  }
}
