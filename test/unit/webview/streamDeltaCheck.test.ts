import assert from 'node:assert/strict';
import { HostMessageSchema } from '../../../src/shared/protocol';
import { parseHostMessage } from '../../../src/shared/messageParsing';
import { checkStreamDelta } from '../../../src/shared/streamDeltaCheck';

const DELTA_TYPES = new Set<unknown>(['contentDelta', 'reasoningDelta', 'toolCallDelta']);

const bases: Record<string, unknown>[] = [
  { type: 'contentDelta', conversationId: 'c1', messageId: 'm1', choiceIndex: 0, text: 'Hi' },
  { type: 'reasoningDelta', conversationId: 'c1', messageId: 'm1', choiceIndex: 2, text: '' },
  { type: 'toolCallDelta', conversationId: 'c1', messageId: 'm1', choiceIndex: 0, index: 1, id: 'call_1', name: 'date', argumentsDelta: '{"a' },
  { type: 'toolCallDelta', conversationId: 'c', messageId: 'm', choiceIndex: 4, index: 0 },
];

const values: unknown[] = [
  undefined, null, '', 'x', 'contentDelta', 'reasoningDelta', 'toolCallDelta', 'focusComposer', 'init',
  0, -0, 1, 7, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), true, false, {}, [], ['x'], { a: 1 },
];

/** Every single-field change of every base: each field set to each value, removed, and an unknown field added. */
function mutations(): unknown[] {
  const out: unknown[] = [];
  for (const base of bases) {
    out.push(base);
    // count belongs to reasoningDelta only (how many service deltas the host joined).
    const own = base.type === 'reasoningDelta' ? ['count'] : [];
    const fields = new Set([...Object.keys(base), ...own, 'text', 'index', 'id', 'name', 'argumentsDelta', 'extra']);
    for (const field of fields) {
      const removed = { ...base };
      delete removed[field];
      out.push(removed);
      for (const value of values) out.push({ ...base, [field]: value });
    }
  }
  return out;
}

describe('checkStreamDelta (the fast path for streamed deltas)', () => {
  const cases = mutations();

  it(`agrees with the zod schema on ${cases.length} single-field mutations, output included`, () => {
    let accepted = 0;
    for (const data of cases) {
      const fast = checkStreamDelta(data);
      const slow = HostMessageSchema.safeParse(data);
      const label = JSON.stringify(data, (_k, v: unknown) => (v === undefined ? '<undefined>' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
      const type = (data as { type?: unknown }).type;
      if (DELTA_TYPES.has(type)) {
        assert.equal(fast !== undefined, slow.success, `verdicts differ for ${label}`);
      } else {
        assert.equal(fast, undefined, `the fast path only accepts deltas: ${label}`);
      }
      if (fast) {
        accepted += 1;
        assert.deepStrictEqual(fast, slow.data, `outputs differ for ${label}`);
      }
    }
    assert.ok(accepted > 20 && accepted < cases.length / 2, `a fair mix of valid and invalid cases (${accepted} accepted)`);
  });

  it('rejects non-objects', () => {
    for (const data of [null, undefined, 'contentDelta', 3, [bases[0]]]) assert.equal(checkStreamDelta(data), undefined);
  });

  it('leaves naming the bad field to zod through parseHostMessage', () => {
    const result = parseHostMessage({ ...bases[0], choiceIndex: -1 });
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.error.message, /choiceIndex/);
    const ok = parseHostMessage({ ...bases[2], extra: 1 });
    assert.deepStrictEqual(ok, { ok: true, message: bases[2] });
  });
});
