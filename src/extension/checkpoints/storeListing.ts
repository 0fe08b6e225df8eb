// What `git ls-files -z -t` tells the shadow store about its folder: the files to look at for a checkpoint,
// whether the store's index holds each, and, with `--debug`, the size the index recorded for it when it
// was last added (the bytes the last checkpoint counted), so the next one need not ask git a second time.

/** One file of the listing. */
export interface ListedFile {
  /** In the store's index (changed or deleted since the last checkpoint); otherwise a file it does not hold. */
  indexed: boolean;
  /**
   * The size the index recorded for it. Undefined when the listing had no `--debug` block for it, or the
   * index says 0: an empty file, or one git marked for re-reading (its racy-timestamp rule zeroes the size).
   */
  indexedBytes: number | undefined;
}

/**
 * The lines `--debug` prints after each index entry it lists: ctime, mtime, dev/ino, uid/gid, size/flags.
 * Counted from the start of the text after the entry's NUL, so a file name holding line breaks cannot pass
 * for one of them.
 */
const DEBUG_LINES = 5;
const DEBUG_SIZE = /^ {2}size: (\d+)\t/;

/** Splits the debug block off the front of `chunk`: the size it records, and the record that follows it. */
function takeDebugBlock(chunk: string): { bytes: number | undefined; rest: string } {
  let end = 0;
  let sizeLine = '';
  for (let line = 0; line < DEBUG_LINES; line++) {
    const newline = chunk.indexOf('\n', end);
    if (newline < 0) return { bytes: undefined, rest: chunk };
    if (line === DEBUG_LINES - 1) sizeLine = chunk.slice(end, newline);
    end = newline + 1;
  }
  const bytes = Number(DEBUG_SIZE.exec(sizeLine)?.[1] ?? 0);
  return { bytes: bytes > 0 ? bytes : undefined, rest: chunk.slice(end) };
}

/**
 * Reads the output of `git ls-files -z -t [--debug] …`. A folder (an embedded repository, listed with a
 * trailing `/`) is left to its own git and not returned.
 */
export function parseStoreListing(output: string, withDebug: boolean): Map<string, ListedFile> {
  const files = new Map<string, ListedFile>();
  let debugFor: ListedFile | undefined;
  for (let record of output.split('\0')) {
    if (debugFor !== undefined) {
      const { bytes, rest } = takeDebugBlock(record);
      debugFor.indexedBytes ??= bytes;
      debugFor = undefined;
      record = rest;
    }
    // "? path": not in the index; any other tag: in it.
    if (record.length < 3 || record.endsWith('/')) continue;
    const name = record.slice(2);
    const indexed = record[0] !== '?';
    const listed = files.get(name) ?? { indexed: false, indexedBytes: undefined };
    listed.indexed ||= indexed;
    files.set(name, listed);
    if (indexed && withDebug) debugFor = listed;
  }
  return files;
}
