// The attachments of the message being written: each starts uploading as soon as it is attached, so
// its chip shows uploading / ok / error before the user presses send, and can be removed until then.
import type { SystemMessage } from '../../api/index';
import * as l10n from '../l10n';
import { formatBytes } from './byteSize';
import type { ComposedRequest, ContextBuilder, FileSource, PreparedAttachment, SelectionContext } from './contextBuilder';
import { errorMessage } from './filesClient';
import { UploadLimitError, type OwnedUpload } from './uploadCache';
import { UploadRefusedError, type FileKind } from './uploadChecks';

export interface AttachmentChip {
  id: string;
  name: string;
  size: number;
  sizeLabel: string;
  kind: FileKind | undefined;
  status: 'uploading' | 'ok' | 'error';
  /** Why it failed: a refusal before upload, or the service's status_details / extraction error. */
  statusDetails: string | undefined;
}

export interface SessionNotice {
  /** Our oldest uploads removed to keep within the service's limits. */
  evicted: OwnedUpload[];
}

interface Entry {
  chip: AttachmentChip;
  pending: Promise<void>;
  prepared: PreparedAttachment | undefined;
}

export interface TakenRequest extends ComposedRequest {
  /** Attachments refused before upload; like `omitted`, the message goes without them. */
  refused: { name: string; reason: string }[];
}

export class AttachmentSession {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(chips: AttachmentChip[]) => void>();
  private readonly noticeListeners = new Set<(notice: SessionNotice) => void>();
  private nextId = 1;

  constructor(private readonly builder: ContextBuilder) {}

  chips(): AttachmentChip[] {
    return [...this.entries.values()].map((e) => ({ ...e.chip }));
  }

  onDidChange(listener: (chips: AttachmentChip[]) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  onNotice(listener: (notice: SessionNotice) => void): { dispose(): void } {
    this.noticeListeners.add(listener);
    return { dispose: () => this.noticeListeners.delete(listener) };
  }

  /** Attaches a file and starts its upload; resolves with the chip once it is settled. */
  add(file: FileSource): { id: string; settled: Promise<AttachmentChip> } {
    const id = `a${this.nextId++}`;
    const chip: AttachmentChip = {
      id,
      name: file.name,
      size: file.data.byteLength,
      sizeLabel: formatBytes(file.data.byteLength),
      kind: undefined,
      status: 'uploading',
      statusDetails: undefined,
    };
    const entry: Entry = { chip, prepared: undefined, pending: Promise.resolve() };
    entry.pending = this.builder.prepare(file).then(
      (prepared) => {
        entry.prepared = prepared;
        entry.chip = { ...entry.chip, kind: prepared.kind, status: prepared.status, statusDetails: prepared.error };
        if (prepared.evicted.length > 0) for (const listener of this.noticeListeners) listener({ evicted: prepared.evicted });
      },
      (err: unknown) => {
        entry.chip = { ...entry.chip, status: 'error', statusDetails: refusalReason(err) };
      },
    );
    this.entries.set(id, entry);
    this.changed();
    const settled = entry.pending.then(() => {
      if (this.entries.get(id) === entry) this.changed();
      return { ...entry.chip };
    });
    return { id, settled };
  }

  remove(id: string): boolean {
    const removed = this.entries.delete(id);
    if (removed) this.changed();
    return removed;
  }

  /**
   * Waits for uploads still running, builds the turn and clears the attachments. A VisionUnsupportedError
   * leaves them attached so the user can switch model and send again.
   */
  /** The extracted text of the files attached and ready, in order: what the next message would carry before it. */
  readySystemMessages(): SystemMessage[] {
    return [...this.entries.values()].flatMap((e) => (e.prepared?.status === 'ok' && e.prepared.systemMessage ? [e.prepared.systemMessage] : []));
  }

  async take(input: { model: string; text: string; selection?: SelectionContext }): Promise<TakenRequest> {
    const entries = [...this.entries.values()];
    await Promise.all(entries.map((e) => e.pending));
    const composed = this.builder.compose({
      ...input,
      attachments: entries.flatMap((e) => (e.prepared ? [e.prepared] : [])),
    });
    const refused = entries.filter((e) => !e.prepared).map((e) => ({ name: e.chip.name, reason: e.chip.statusDetails ?? l10n.t('refused') }));
    this.entries.clear();
    this.changed();
    return { ...composed, refused };
  }

  private changed(): void {
    const chips = this.chips();
    for (const listener of this.listeners) listener(chips);
  }
}

/** The chip already names the file, so a refusal shows just its reason. */
function refusalReason(err: unknown): string {
  return err instanceof UploadRefusedError || err instanceof UploadLimitError ? err.reason : errorMessage(err);
}
