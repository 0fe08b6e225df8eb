// The hot-path chunk check must give exactly the zod schema's verdict.
import assert from 'node:assert/strict';
import { ChatCompletionChunkSchema, InvalidResponseError } from '../../../src/api';
import { isChatCompletionChunk, toChatCompletionChunk } from '../../../src/api/chunkValidation';

const base = {
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [
    {
      index: 0,
      delta: {
        role: 'assistant',
        content: 'x',
        reasoning_content: 'r',
        tool_calls: [{ index: 0, id: 't', type: 'function', function: { name: 'n', arguments: 'a' } }],
      },
      finish_reason: 'stop',
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, cached_tokens: 0, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 1 } },
    },
  ],
  usage: null,
};

const REPLACEMENTS: unknown[] = [undefined, null, 'text', '', 0, 1.5, -1, true, [], {}, 'assistant', 'function', 'stop', 'chat.completion.chunk'];

/** Every value of the base chunk, at every depth, replaced by each of a set of wrong (or right) values. */
function* mutations(value: unknown, path: (string | number)[] = []): Generator<{ path: string; chunk: unknown }> {
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    const childPath = [...path, Array.isArray(value) ? Number(key) : key];
    for (const replacement of REPLACEMENTS) {
      yield { path: childPath.join('.'), chunk: setAt(base, childPath, replacement) };
    }
    yield* mutations((value as Record<string, unknown>)[key], childPath);
  }
}

function setAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

describe('chunk validation', () => {
  it('agrees with ChatCompletionChunkSchema on every single-field mutation of a full chunk', () => {
    assert.equal(isChatCompletionChunk(base), true);
    let checked = 0;
    let rejected = 0;
    for (const { path, chunk } of mutations(base)) {
      const zod = ChatCompletionChunkSchema.safeParse(chunk).success;
      assert.equal(isChatCompletionChunk(chunk), zod, `${path} -> ${JSON.stringify(chunk)}`);
      checked++;
      if (!zod) rejected++;
    }
    assert.ok(checked >= 400 && rejected >= 300, `${checked} checked, ${rejected} rejected`);
  });

  it('returns the chunk itself, or names the bad field', () => {
    assert.equal(toChatCompletionChunk(base), base);
    assert.throws(
      () => toChatCompletionChunk({ ...base, created: 'soon' }),
      (e: unknown) => e instanceof InvalidResponseError && e.field === 'created',
    );
  });
});
