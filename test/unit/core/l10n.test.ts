// Core's user-facing text is English with its placeholders filled until the host installs a translator,
// and goes through that translator once it has.
import { strict as assert } from 'node:assert';
import { englishText, t, useTranslator } from '../../../src/core/l10n';

describe('core l10n', () => {
  afterEach(() => useTranslator(englishText));

  it('fills the placeholders of the English text when no translator is installed', () => {
    assert.equal(t('Make this edit to {0}?', 'src/a.ts'), 'Make this edit to src/a.ts?');
    assert.equal(t('{1} of {0}', 3, 'two'), 'two of 3');
    assert.equal(t('Keeps {2} it has no value for', 'x'), 'Keeps {2} it has no value for');
  });

  it('passes the English key and the arguments to the installed translator', () => {
    const calls: Array<[string, ReadonlyArray<string | number>]> = [];
    useTranslator((message, args) => {
      calls.push([message, args]);
      return `译:${message}`;
    });
    assert.equal(t('Create {0}?', 'b.ts'), '译:Create {0}?');
    assert.deepEqual(calls, [['Create {0}?', ['b.ts']]]);
  });
});
