// Who asks an approval question when it is not the task itself. A subagent's tools are the parent's own
// tools, built once with the parent's approvals; the child runs them inside `askingAs`, and the
// approvals read the asker from the async context, so the question names the subagent without each
// tool being built again for it.
import { AsyncLocalStorage } from 'node:async_hooks';

const asker = new AsyncLocalStorage<string>();

/** Runs `work` so that every approval asked from inside it (however deep in its promises) names `who`. */
export function askingAs<T>(who: string, work: () => Promise<T>): Promise<T> {
  return asker.run(who, work);
}

/** The asker of the code running now; undefined for the task itself. */
export function currentAsker(): string | undefined {
  return asker.getStore();
}
