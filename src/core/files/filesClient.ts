// The part of the service client (src/api SvcClient) that file and balance features use. Written as a
// structural interface so this layer depends on what it calls, not on how the client is built; the
// real SvcClient satisfies it as is.
import { errorToInfo } from '../chat/errorAction';
import { SvcApiError } from '../../api';
import type { Balance, FileDeleted, FileObject, FilePurpose } from '../../api/index';

export interface FilesClient {
  files: {
    upload(input: { data: Uint8Array; filename: string; purpose: FilePurpose }): Promise<FileObject>;
    list(): Promise<FileObject[]>;
    get(id: string): Promise<FileObject>;
    delete(id: string): Promise<FileDeleted | unknown>;
    content(id: string): Promise<string>;
  };
  balance(): Promise<Balance>;
}

/** A file id the service no longer knows (deleted elsewhere, or by the account's other clients). */
export function isFileGone(err: unknown): boolean {
  return err instanceof SvcApiError && err.status === 404;
}

/** A failure as the user reads it: the service's errors in the words the chat uses for them (a broken connection, a rate limit in the user's language). */
export function errorMessage(err: unknown): string {
  if (err instanceof SvcApiError) return errorToInfo(err).message;
  return err instanceof Error ? err.message : String(err);
}
