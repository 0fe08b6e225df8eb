// The direct reading of plain `field: text` front matter gives what the YAML parser gives, on every line
// it accepts, and leaves to YAML every line YAML could read another way.
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { splitFrontMatter } from '../../../../src/core/customizations/frontMatter';
import { plainFrontMatter } from '../../../../src/core/customizations/plainFrontMatter';

const ACCEPTED = [
  'name: pdf-forms\ndescription: Fill PDF forms.',
  'description: Use when the user asks to review a pull request, or to look at a diff [quickly] {twice}.',
  "description: The user's own words, with \"quotes\" inside and C# or a:b or http://x.example/a?b=1#c",
  'name: release-notes   \n\ndescription:   Draft notes   with  inner  spaces   ',
  'description: café 日本語 — dashes – and\u00a0no-break\u3000spaces',
  'argument-hint: <file> [options]\nmodel: svc-k2.5\nmode: agent\nagent: plan',
  'description: y\nlicense: MIT-0\nallowed-tools: Bash, Read',
  'description: ends with a dot.\nname: x1',
  'description: a = b; c < d > e; 100%',
  'constructor: kept as a field\ntoString: too',
];

const LEFT_TO_YAML = [
  'name: "quoted"',
  "name: 'single'",
  'description: # a comment',
  'description: text # comment',
  'description: a: b',
  'description: ends with colon:',
  'count: 12',
  'version: 1.0',
  'ratio: .5',
  'flag: true',
  'flag: False',
  'value: null',
  'value: ~',
  'value:',
  'tools: [Bash, Read]',
  'tools: {a: 1}',
  'tools:\n  - Bash\n  - Read',
  'description: >\n  folded',
  'description: |\n  literal',
  'description: first line\n  continued',
  'name: a\nname: b',
  'anchor: &a text',
  'alias: *a',
  'tag: !str text',
  'at: @reserved',
  'tick: `reserved`',
  'percent: %directive',
  'dash: - item',
  'question: ? key',
  'tab: a\tb',
  '# only a comment',
  'true: key is a boolean',
  'key with space: value',
  'key:value',
  '  indented: value',
  '',
  'description: -5 degrees',
  'description: +1 vote',
  'bell: a\u0007b',
];

describe('plain front matter', () => {
  it('reads each accepted front matter exactly as the YAML parser does', () => {
    for (const text of ACCEPTED) {
      const plain = plainFrontMatter(text);
      assert.ok(plain, `accepted: ${JSON.stringify(text)}`);
      assert.deepEqual(plain, YAML.parse(text, { uniqueKeys: true }), JSON.stringify(text));
    }
  });

  it('leaves to YAML every front matter YAML could read as something other than the trimmed text', () => {
    for (const text of LEFT_TO_YAML) assert.equal(plainFrontMatter(text), undefined, JSON.stringify(text));
  });

  it('gives splitFrontMatter the same fields and body either way, and YAML still reports what it finds wrong', async () => {
    const split = await splitFrontMatter('---\nname: pdf-forms\ndescription: Fill PDF forms.\n---\nBody text.\n');
    assert.deepEqual(split, { ok: true, file: { fields: { name: 'pdf-forms', description: 'Fill PDF forms.' }, body: 'Body text.\n' } });
    assert.deepEqual(await splitFrontMatter('---\nname: 12\n---\nBody.'), { ok: true, file: { fields: { name: 12 }, body: 'Body.' } });
    const duplicate = await splitFrontMatter('---\nname: a\nname: b\n---\n');
    assert.equal(duplicate.ok, false);
  });
});
