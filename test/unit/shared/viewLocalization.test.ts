import { strict as assert } from 'node:assert';
import { ENGLISH, parseViewLocalization, ViewLocalizationError } from '../../../src/shared/viewLocalization';

describe('the view localization written into the page', () => {
  it('reads the language and the bundle', () => {
    assert.deepEqual(parseViewLocalization('{"language":"zh-cn","bundle":{"Send":"发送"}}'), { language: 'zh-cn', bundle: { Send: '发送' } });
  });

  it('is English when the page carries none', () => {
    assert.deepEqual(parseViewLocalization(undefined), ENGLISH);
    assert.deepEqual(parseViewLocalization(''), ENGLISH);
  });

  it('names the field that is wrong', () => {
    const fails = (text: string, field: RegExp) =>
      assert.throws(() => parseViewLocalization(text), (error: unknown) => error instanceof ViewLocalizationError && field.test(error.message), text);
    fails('{"language":"zh cn\\"><script>","bundle":{}}', /language:/);
    fails('{"language":"zh-cn","bundle":{"Send":3}}', /bundle\.Send:/);
    fails('{"language":"zh-cn"', /not JSON/);
  });
});
