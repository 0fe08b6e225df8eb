// Files in memory for the tests of what the agent's changes become: the part of the files port the change
// journal's undo uses (with the same guarded write as NodeWorkspaceFiles: it writes only over the bytes it
// expects, and creates only where nothing is) and the review's view of the same files. Tests that need
// real paths, symlinks or the path policy use the Node files of testWorkspaceHost.ts instead.
import type { ReviewedFiles } from '../../src/core/review/agentEditReview';
import type { JournalFiles } from '../../src/core/tools/changeJournal';
import { sameBytes } from '../../src/core/tools/fileOperations';
import { WriteRefusedError } from '../../src/core/tools/toolErrors';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

export class MemoryFiles implements JournalFiles, ReviewedFiles {
  private readonly files = new Map<string, Uint8Array>();
  /** Writes and deletions made through either port (not through `setText`, which stands for the agent or the user). */
  writes = 0;

  constructor(texts: Record<string, string> = {}) {
    for (const [p, text] of Object.entries(texts)) this.setText(p, text);
  }

  text(p: string): string | undefined {
    const bytes = this.files.get(p);
    return bytes === undefined ? undefined : decode(bytes);
  }

  bytes(p: string): Uint8Array | undefined {
    return this.files.get(p);
  }

  has(p: string): boolean {
    return this.files.has(p);
  }

  setText(p: string, text: string): void {
    this.files.set(p, encode(text));
  }

  async readFile(p: string): Promise<Uint8Array> {
    const bytes = this.files.get(p);
    if (bytes === undefined) throw new Error(`ENOENT: ${p} does not exist`);
    return bytes;
  }

  async writeFile(p: string, bytes: Uint8Array, expected: Uint8Array | undefined): Promise<void> {
    const current = this.files.get(p);
    if (expected === undefined && current !== undefined) throw new WriteRefusedError(p, 'exists', 'a file was created there meanwhile; nothing was written');
    if (expected !== undefined && (current === undefined || !sameBytes(current, expected))) throw new WriteRefusedError(p, 'changed-since-read', 'changed since read; nothing was written');
    this.files.set(p, bytes);
    this.writes++;
  }

  async deleteFile(p: string): Promise<void> {
    if (this.files.delete(p)) this.writes++;
  }

  async read(p: string): Promise<string | undefined> {
    return this.text(p);
  }

  async replace(p: string, expected: string, text: string): Promise<Uint8Array> {
    if (this.text(p) !== expected) throw new Error(`${p} changed`);
    this.setText(p, text);
    this.writes++;
    return this.files.get(p)!;
  }

  async remove(p: string, expected: string): Promise<void> {
    if (this.text(p) !== expected) throw new Error(`${p} changed`);
    await this.deleteFile(p);
  }
}
