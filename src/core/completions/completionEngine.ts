// Asks for one completion at the cursor and keeps up with typing: a keystroke aborts the request still
// running at once; typing into the completion on the screen shortens it without a request; an identical
// context is answered from the cache; nothing is asked where completionRefusal says no. The debounce is
// the editor's side (it decides when to ask); this is what each ask costs.
import type { ChatMessage } from '../../api/index';
import { CompletionCache } from './completionCache';
import type { CompletionBudget } from './completionBudget';
import { completionMessages } from './completionPrompt';
import { completionRefusal, type CompletionGate } from './completionRefusal';
import { LatestCompletionRequest, type CompletionReplyDeps } from './completionReply';
import { completionRequest } from './completionRequest';
import { completionShape } from './completionShape';
import { trimCompletion } from './completionTrim';
import { CompletionContextSchema, type CompletionContext, type CompletionContextInput, type CompletionShape } from './completionTypes';
import { remainderAfterTyping, type ShownCompletion } from './shownCompletion';

export interface CompletionEngineDeps extends CompletionReplyDeps {
  cacheKey(): Promise<string>;
  model(): string;
  gate(): CompletionGate;
  budget?: CompletionBudget;
}

export type CompletionSource = 'model' | 'cache' | 'typed-through';

export interface CompletionResult {
  text: string;
  shape: CompletionShape;
  source: CompletionSource;
}

interface Lookup {
  context: CompletionContext;
  shape: CompletionShape;
  model: string;
  messages: ChatMessage[];
  key: string;
  result: CompletionResult | undefined;
}

export class CompletionEngine {
  private readonly requests = new LatestCompletionRequest();
  private shown: ShownCompletion | undefined;
  private readonly cache = new CompletionCache();

  constructor(private readonly deps: CompletionEngineDeps) {}

  /**
   * The completion at the cursor, or undefined (nothing fits, or `signal` aborted it, or a newer call
   * did). Throws CompletionRefusedError where nothing may be asked.
   */
  async complete(input: CompletionContextInput, signal?: AbortSignal): Promise<CompletionResult | undefined> {
    // Whatever is still running answers a context the user has left.
    this.requests.cancel();
    const found = this.lookup(input);
    if (found.result) return found.result;
    const { context, shape, model, messages, key } = found;
    const reply = await this.requests.stream(this.deps, async () => completionRequest(messages, shape, model, await this.deps.cacheKey()), messages, signal);
    if (reply === undefined) return undefined;
    const text = trimCompletion(reply, { before: context.before, after: context.after, shape });
    if (text === undefined) return undefined;
    this.cache.set(key, text);
    return this.show(context.path, context.before, context.after, { text, shape, source: 'model' });
  }

  /**
   * The completion that needs no request (the shown one typed into, or an identical context's), so the
   * editor shows it without waiting for a pause. Throws CompletionRefusedError as complete() does.
   */
  instant(input: CompletionContextInput): CompletionResult | undefined {
    return this.lookup(input).result;
  }

  private lookup(input: CompletionContextInput): Lookup {
    const context = CompletionContextSchema.parse(input);
    const refused = completionRefusal(context.path, this.deps.gate());
    if (refused) throw refused;
    const shape = completionShape(context.before, context.after);
    const model = this.deps.model();
    const remainder = this.shown && remainderAfterTyping(this.shown, context.path, context.before, context.after);
    const messages = completionMessages(context, shape, this.deps.budget);
    const key = `${model}\u0000${JSON.stringify(messages)}`;
    if (remainder !== undefined) return { context, shape, model, messages, key, result: { text: remainder, shape, source: 'typed-through' } };
    const cached = this.cache.get(key);
    const result = cached === undefined ? undefined : this.show(context.path, context.before, context.after, { text: cached, shape, source: 'cache' });
    return { context, shape, model, messages, key, result };
  }

  /** The request running now is no longer wanted (the editor cancelled, the document closed). */
  cancel(): void {
    this.requests.cancel();
  }

  /** The completion shown was accepted or dismissed: typing on no longer shortens it. */
  forgetShown(): void {
    this.shown = undefined;
  }

  private show(path: string, before: string, after: string, result: CompletionResult): CompletionResult {
    this.shown = { path, before, after, text: result.text };
    return result;
  }
}
