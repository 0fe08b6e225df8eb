// One change at a time per file within a task. The model may ask for several edits of one file in one
// step (they run at once); each must start from the file as the previous one left it, or the later
// one silently drops the earlier one while both report success.

export class FileLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier `work` on the same path has settled. */
  run<T>(path: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(path) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const tail = turn.catch(() => undefined);
    this.tails.set(path, tail);
    void tail.then(() => {
      if (this.tails.get(path) === tail) this.tails.delete(path);
    });
    return turn;
  }
}
