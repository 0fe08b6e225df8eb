// Everything "Manage Uploaded Files" shows: each file on the service for this account, whether this
// extension uploaded it, and the totals against the service's limits.
import type { FileObject } from '../../api/index';
import { formatBytes } from './byteSize';
import type { FilesClient } from './filesClient';
import type { UploadCache } from './uploadCache';
import * as l10n from '../l10n';

export interface UploadRow {
  file: FileObject;
  /** Uploaded by this extension (only these are removed automatically or by "delete all of ours"). */
  owned: boolean;
  /** "name" */
  label: string;
  /** "12 KB · file-extract · ok" */
  description: string;
  /** "uploaded 2026-11-21 12:00 UTC · by this extension" and the status details, if any. */
  detail: string;
}

export interface UploadTotals {
  files: number;
  bytes: number;
  maxFiles: number;
  maxBytes: number;
  ownedFiles: number;
  /** "12 of 1000 files · 3.4 MB of 10 GB (5 files by this extension)" */
  label: string;
}

export interface UploadsOverview {
  rows: UploadRow[];
  totals: UploadTotals;
}

export function formatUploadDate(createdAt: number): string {
  return `${new Date(createdAt * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Newest first, as a list of recent uploads is read. */
export async function loadUploadsOverview(client: FilesClient, cache: UploadCache): Promise<UploadsOverview> {
  await cache.load();
  const files = [...(await client.files.list())].sort((a, b) => b.created_at - a.created_at);
  const rows = files.map((file): UploadRow => {
    const owned = cache.isOwned(file.id);
    const details = file.status_details ? ` · ${file.status_details}` : '';
    return {
      file,
      owned,
      label: file.filename,
      description: `${formatBytes(file.bytes)} · ${file.purpose} · ${file.status}`,
      detail: `${owned ? l10n.t('uploaded {0} · by this extension', formatUploadDate(file.created_at)) : l10n.t('uploaded {0} · not by this extension', formatUploadDate(file.created_at))}${details}`,
    };
  });
  const { maxFiles, maxTotalBytes } = cache.fileLimits;
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const ownedFiles = rows.filter((r) => r.owned).length;
  return {
    rows,
    totals: {
      files: files.length,
      bytes,
      maxFiles,
      maxBytes: maxTotalBytes,
      ownedFiles,
      label: l10n.t('{0} of {1} files · {2} of {3} ({4} by this extension)', files.length, maxFiles, formatBytes(bytes), formatBytes(maxTotalBytes), ownedFiles),
    },
  };
}
