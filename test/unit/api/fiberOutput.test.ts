// Reading a formula call's result by the spec's rules.
import assert from 'node:assert/strict';
import { ENCRYPTED_BEGIN, ENCRYPTED_END, type Fiber, fiberOutput } from '../../../src/api';

const fiber = (fields: Partial<Fiber>): Fiber => ({ id: 'fiber-1', object: 'fiber', created_at: 1, status: 'succeeded', ...fields });

describe('fiberOutput', () => {
  it('succeeded: context.output is the content', () => {
    assert.deepEqual(fiberOutput(fiber({ context: { input: '{}', output: '42 km' } })), { ok: true, content: '42 km' });
  });

  it('succeeded: a protected formula\'s encrypted_output is passed on unchanged, markers included', () => {
    const encrypted = `${ENCRYPTED_BEGIN}\nAbC==\n${ENCRYPTED_END}`;
    assert.deepEqual(fiberOutput(fiber({ context: { encrypted_output: encrypted } })), { ok: true, content: encrypted });
  });

  it('succeeded without any output is reported, not passed on as empty content', () => {
    assert.deepEqual(fiberOutput(fiber({ context: { input: '{}' } })), { ok: false, error: 'Formula call fiber-1 succeeded but returned no output' });
  });

  it('failed: the error text comes from error, then context.error, then context.output', () => {
    assert.deepEqual(fiberOutput(fiber({ status: 'failed', error: 'top', context: { error: 'inner', output: 'out' } })), { ok: false, error: 'top' });
    assert.deepEqual(fiberOutput(fiber({ status: 'failed', context: { error: 'inner', output: 'out' } })), { ok: false, error: 'inner' });
    assert.deepEqual(fiberOutput(fiber({ status: 'timeout', context: { output: 'Traceback: boom' } })), { ok: false, error: 'Traceback: boom' });
    assert.deepEqual(fiberOutput(fiber({ status: 'killed' })), { ok: false, error: 'Formula call fiber-1 failed with status "killed"' });
  });
});
