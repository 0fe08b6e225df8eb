import { strict as assert } from 'node:assert';
import { t, useBundle } from '../../../src/shared/l10n';

describe('view strings (l10n)', () => {
  afterEach(() => useBundle({}));

  it('returns the English text when no bundle is in use', () => {
    assert.equal(t('Send'), 'Send');
  });

  it('translates through the bundle and fills positional placeholders in the translated order', () => {
    useBundle({ 'Edited {0} (+{1})': '已编辑 {0}（+{1}）', Send: '发送' });
    assert.equal(t('Send'), '发送');
    assert.equal(t('Edited {0} (+{1})', 'a.ts', 3), '已编辑 a.ts（+3）');
  });

  it('falls back to English for a key the bundle lacks and leaves an unfilled placeholder visible', () => {
    useBundle({ Send: '发送' });
    assert.equal(t('Stop'), 'Stop');
    assert.equal(t('{0} of {1}', 1), '1 of {1}');
  });

  it('does not treat $ patterns in arguments as replacement syntax', () => {
    assert.equal(t('Cost {0}', '$&1'), 'Cost $&1');
  });
});
