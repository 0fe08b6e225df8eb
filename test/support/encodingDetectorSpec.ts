// What any encoding detector the extension may use (VS Code's own jschardet, the chardet it carries)
// must get right through core's ranking and round trip (textFileCodec.ts): the legacy encodings source
// files are commonly kept in, on samples as short as a source file's few non-ASCII characters.
import assert from 'node:assert/strict';
import * as iconv from 'iconv-lite';
import type { EncodingDetector } from '../../src/core/tools/encodingDetector';
import { decodeTextFile } from '../../src/core/tools/textFileCodec';

const CASES: { text: string; stored: string; label: string }[] = [
  { text: '# Café menu\nprix = "3 €"\nnaïve = 1\n', stored: 'windows-1252', label: 'windows-1252' },
  { text: '# Café\r\n', stored: 'windows-1252', label: 'windows-1252' },
  { text: 'crème brûlée\n', stored: 'windows-1252', label: 'windows-1252' },
  { text: 'Größe = 3 # Maße\n', stored: 'windows-1252', label: 'windows-1252' },
  // Latin-1 text is read as windows-1252, which holds every Latin-1 letter at the same byte.
  { text: 'très bien\n', stored: 'latin1', label: 'windows-1252' },
  { text: 'naïve\n', stored: 'latin1', label: 'windows-1252' },
  { text: '// 中文注释\r\nconst 问候 = "你好";\r\n', stored: 'gbk', label: 'GB18030' },
  { text: '// 中文註釋\nconst 問候 = "你好";\n', stored: 'big5', label: 'Big5' },
  { text: '// 日本語のコメント\nconst 挨拶 = "こんにちは";\n', stored: 'shift_jis', label: 'Shift_JIS' },
  { text: '# ソース\n', stored: 'shift_jis', label: 'Shift_JIS' },
  { text: '// 한국어 주석\nconst x = "안녕";\n', stored: 'euc-kr', label: 'EUC-KR' },
  { text: 'Привет, мир\n', stored: 'windows-1251', label: 'windows-1251' },
];

/** The decoding cases, with `detector()` as the detector core is given. */
export function encodingDetectorSpec(name: string, detector: () => EncodingDetector): void {
  describe(`${name}: legacy encodings decoded right`, () => {
    for (const { text, stored, label } of CASES) {
      it(`${JSON.stringify(text.split(/\r?\n/)[0])} stored as ${stored} is read as ${label}`, async () => {
        const bytes = new Uint8Array(iconv.encode(text, stored));
        const decoded = await decodeTextFile(bytes, 'sample.txt', detector());
        assert.equal(decoded.text, text);
        assert.equal(decoded.format.label, label);
        assert.equal(decoded.format.bom, false);
      });
    }

    it('names only the candidates it was given, as it was given them, with confidences from 0 to 1', async () => {
      const candidates = ['GB18030', 'Shift_JIS', 'windows-1252'];
      const guesses = await detector().detect(new Uint8Array(iconv.encode('// 日本語のコメント\nconst 挨拶 = "こんにちは";\n', 'shift_jis')), candidates);
      assert.ok(guesses.length > 0);
      for (const guess of guesses) {
        assert.ok(candidates.includes(guess.encoding), `${guess.encoding} was not a candidate`);
        assert.ok(guess.confidence > 0 && guess.confidence <= 1, `${guess.encoding}: confidence ${guess.confidence}`);
      }
      assert.ok(guesses.some((guess) => guess.encoding === 'Shift_JIS'));
    });
  });
}
