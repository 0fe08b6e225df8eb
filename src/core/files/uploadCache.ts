// Uploads by content: a file whose bytes were uploaded before (same purpose, same account) is not sent
// again, a changed file replaces its old copy, and the service's file limits are kept by removing the
// oldest files this extension uploaded. The record of what we uploaded persists through KeyValueStorage,
// so it survives restarts and is the only thing that decides what is "ours" (never a file name).
// The extension backs the storage with a file in its global (not per-workspace) storage: uploads belong
// to the account, and every window of the editor shares the record. Each operation starts from the
// record as stored and writes back only its own changes, merged into what other windows wrote since.
import * as z from 'zod';
import { LIMITS, FilePurposeSchema, type FileObject, type FilePurpose } from '../../api/index';
import { contentHash } from './accountKey';
import { formatBytes } from './byteSize';
import type { SharedKeyValueStorage } from '../keyValueStorage';
import * as l10n from '../l10n';
import { isFileGone, type FilesClient } from './filesClient';

const OwnedUploadSchema = z.object({
  fileId: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  purpose: FilePurposeSchema,
  filename: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Milliseconds since the epoch; eviction removes the smallest first. */
  uploadedAt: z.number(),
  /** The workspace files (by caller-chosen identity, e.g. URI) whose current content this upload is. */
  sources: z.array(z.string()),
});
export type OwnedUpload = z.infer<typeof OwnedUploadSchema>;

const CacheStateSchema = z.object({ version: z.literal(1), uploads: z.array(OwnedUploadSchema) });
type CacheState = z.infer<typeof CacheStateSchema>;

export interface FileLimits {
  maxFiles: number;
  maxTotalBytes: number;
}

export interface UploadRequest {
  /** Stable identity of where the bytes came from (a file URI); a new hash for the same source replaces the old upload. */
  source: string;
  filename: string;
  data: Uint8Array;
  purpose: FilePurpose;
}

export interface UploadOutcome {
  file: FileObject;
  /** True when an earlier upload of the same bytes was reused and nothing was sent. */
  reused: boolean;
  /** The earlier upload of this source with other content, deleted after the new one succeeded. */
  replaced: OwnedUpload | undefined;
  /** Our oldest uploads deleted to stay within the file limits; the caller tells the user. */
  evicted: OwnedUpload[];
}

/** The upload cannot fit even after removing every file this extension uploaded. */
export class UploadLimitError extends Error {
  override readonly name = 'UploadLimitError';
  constructor(
    readonly fileName: string,
    readonly limit: 'files' | 'bytes',
    readonly reason: string,
  ) {
    super(`${fileName}: ${reason}`);
  }
}

export function uploadStorageKey(account: string): string {
  return `svc.uploads.${account}`;
}

export class UploadCache {
  private state: CacheState = { version: 1, uploads: [] };
  /** The record as stored when the running operation started: what it changed is the difference. */
  private base: CacheState = { version: 1, uploads: [] };
  private loaded: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limits: FileLimits;
  private readonly now: () => number;

  constructor(
    private readonly client: FilesClient,
    private readonly storage: SharedKeyValueStorage,
    private readonly account: string,
    options: { limits?: Partial<FileLimits>; now?: () => number } = {},
  ) {
    this.limits = {
      maxFiles: options.limits?.maxFiles ?? LIMITS.maxFilesPerUser,
      maxTotalBytes: options.limits?.maxTotalBytes ?? LIMITS.maxTotalFileBytes,
    };
    this.now = options.now ?? Date.now;
  }

  get fileLimits(): FileLimits {
    return { ...this.limits };
  }

  /** Reads the persisted record; every operation awaits it, call it directly to use owned()/isOwned() first. */
  load(): Promise<void> {
    this.loaded ??= this.reload();
    return this.loaded;
  }

  private async reload(): Promise<void> {
    this.state = parseState(await this.storage.read(uploadStorageKey(this.account)));
    this.base = structuredClone(this.state);
  }

  /** Uploads this extension made for this account, oldest first. */
  owned(): OwnedUpload[] {
    return [...this.state.uploads].sort((a, b) => a.uploadedAt - b.uploadedAt);
  }

  isOwned(fileId: string): boolean {
    return this.state.uploads.some((u) => u.fileId === fileId);
  }

  /** Uploads `data` unless the same bytes are already on the service for this purpose. */
  upload(request: UploadRequest): Promise<UploadOutcome> {
    return this.serialised(() => this.uploadNow(request));
  }

  /** Deletes files on the service (ours or not, the user chose them) and forgets ours. Missing files count as deleted. */
  delete(fileIds: readonly string[]): Promise<{ deleted: string[]; failed: { fileId: string; reason: string }[] }> {
    return this.serialised(async () => {
      const deleted: string[] = [];
      const failed: { fileId: string; reason: string }[] = [];
      for (const fileId of fileIds) {
        try {
          await this.deleteOnService(fileId);
          deleted.push(fileId);
        } catch (err) {
          failed.push({ fileId, reason: err instanceof Error ? err.message : String(err) });
        }
      }
      this.state.uploads = this.state.uploads.filter((u) => !deleted.includes(u.fileId));
      await this.save();
      return { deleted, failed };
    });
  }

  private async uploadNow(request: UploadRequest): Promise<UploadOutcome> {
    const sha256 = contentHash(request.data);
    const same = this.state.uploads.find((u) => u.sha256 === sha256 && u.purpose === request.purpose);
    if (same) {
      const existing = await this.stillThere(same.fileId);
      if (existing) {
        const replaced = await this.attachSource(same, request.source);
        await this.save();
        return { file: existing, reused: true, replaced, evicted: [] };
      }
      this.state.uploads = this.state.uploads.filter((u) => u !== same);
    }

    const previous = this.state.uploads.find((u) => u.purpose === request.purpose && u.sources.includes(request.source));
    // Only a previous copy nothing else points at may go early; a shared one stays for its other sources.
    const replaceable = previous && previous.sources.length === 1 ? previous : undefined;
    const evicted = await this.makeRoom(request, replaceable);
    const file = await this.client.files.upload({ data: request.data, filename: request.filename, purpose: request.purpose });
    const record: OwnedUpload = {
      fileId: file.id,
      sha256,
      purpose: request.purpose,
      filename: request.filename,
      bytes: file.bytes,
      uploadedAt: this.now(),
      sources: [],
    };
    this.state.uploads.push(record);
    const replacedNow = await this.attachSource(record, request.source);
    const replaced = replacedNow ?? (replaceable && !this.state.uploads.includes(replaceable) ? replaceable : undefined);
    await this.save();
    return { file, reused: false, replaced, evicted };
  }

  /**
   * Points `source` at `record`. An upload that no source points at any more is the old copy of a
   * changed file: it is deleted on the service and returned.
   */
  private async attachSource(record: OwnedUpload, source: string): Promise<OwnedUpload | undefined> {
    let replaced: OwnedUpload | undefined;
    for (const other of this.state.uploads) {
      if (other === record || other.purpose !== record.purpose || !other.sources.includes(source)) continue;
      other.sources = other.sources.filter((s) => s !== source);
      if (other.sources.length === 0) replaced = other;
    }
    if (!record.sources.includes(source)) record.sources.push(source);
    if (replaced) {
      await this.deleteOnService(replaced.fileId);
      const gone = replaced;
      this.state.uploads = this.state.uploads.filter((u) => u !== gone);
    }
    return replaced;
  }

  /** Deletes our oldest uploads until `request` fits the limits; checks first that it can fit at all. */
  private async makeRoom(request: UploadRequest, previous: OwnedUpload | undefined): Promise<OwnedUpload[]> {
    const onService = await this.client.files.list();
    const serviceIds = new Set(onService.map((f) => f.id));
    // Our records of files deleted elsewhere (the web console, another machine) are stale: drop them.
    this.state.uploads = this.state.uploads.filter((u) => serviceIds.has(u.fileId));
    let count = onService.length;
    let bytes = onService.reduce((sum, f) => sum + f.bytes, 0);
    const fits = (c: number, b: number) => c + 1 <= this.limits.maxFiles && b + request.data.byteLength <= this.limits.maxTotalBytes;
    if (fits(count, bytes)) return [];

    // The previous copy of a changed file goes first: it would be replaced anyway.
    const candidates = this.owned().sort((a, b) => Number(b === previous) - Number(a === previous));
    const ourBytes = candidates.reduce((sum, u) => sum + u.bytes, 0);
    if (!fits(count - candidates.length, bytes - ourBytes)) {
      const byCount = count - candidates.length + 1 > this.limits.maxFiles;
      throw new UploadLimitError(
        request.filename,
        byCount ? 'files' : 'bytes',
        byCount
          ? l10n.t('The number of files you have uploaded exceeded the max file count {0}, please delete previous uploaded files (files not uploaded by this extension are never deleted automatically)', this.limits.maxFiles)
          : l10n.t('the total size of uploaded files would exceed {0}, even after removing every file this extension uploaded', formatBytes(this.limits.maxTotalBytes)),
      );
    }
    const evicted: OwnedUpload[] = [];
    for (const victim of candidates) {
      if (fits(count, bytes)) break;
      await this.deleteOnService(victim.fileId);
      this.state.uploads = this.state.uploads.filter((u) => u !== victim);
      count -= 1;
      bytes -= victim.bytes;
      if (victim !== previous) evicted.push(victim);
    }
    await this.save();
    return evicted;
  }

  private async stillThere(fileId: string): Promise<FileObject | undefined> {
    try {
      return await this.client.files.get(fileId);
    } catch (err) {
      if (isFileGone(err)) return undefined;
      throw err;
    }
  }

  private async deleteOnService(fileId: string): Promise<void> {
    try {
      await this.client.files.delete(fileId);
    } catch (err) {
      if (!isFileGone(err)) throw err;
    }
  }

  /** Writes this window's changes since the operation began into the stored record, keeping other windows' records. */
  private async save(): Promise<void> {
    const base = this.base;
    const mine = this.state;
    const stored = await this.storage.update(uploadStorageKey(this.account), (current) => mergeUploads(parseState(current), base, mine));
    this.state = parseState(stored);
    this.base = structuredClone(this.state);
  }

  /** One operation at a time: two "explain" clicks on one file must not upload it twice. */
  private serialised<T>(operation: () => Promise<T>): Promise<T> {
    const step = () => this.reload().then(operation);
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

// A record written by another version, or damaged, is dropped rather than trusted: the worst case is
// one upload more, never a wrong file id reused.
function parseState(stored: unknown): CacheState {
  const parsed = CacheStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : { version: 1, uploads: [] };
}

/** `stored` with what changed from `base` to `mine`: records removed, added or changed (by file id). */
export function mergeUploads(stored: CacheState, base: CacheState, mine: CacheState): CacheState {
  const before = new Map(base.uploads.map((u) => [u.fileId, JSON.stringify(u)]));
  const kept = new Set(mine.uploads.map((u) => u.fileId));
  const removed = new Set(base.uploads.filter((u) => !kept.has(u.fileId)).map((u) => u.fileId));
  const changed = mine.uploads.filter((u) => before.get(u.fileId) !== JSON.stringify(u));
  const replaced = new Set(changed.map((u) => u.fileId));
  return { version: 1, uploads: [...stored.uploads.filter((u) => !removed.has(u.fileId) && !replaced.has(u.fileId)), ...changed] };
}
