import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { LIST_SPLIT_CHARS, MarkdownBlockSplitter, type Block } from '../../../src/webview/markdownBlockSplitter';

const md = new MarkdownIt({ html: false, linkify: true });

function renderBlock(block: Block): string {
  if (block.kind === 'markdown') return md.render(block.text);
  return md.render(`${block.fence}${block.language}\n${block.code}${block.closed ? `${block.fence}\n` : ''}`);
}

function splitInChunks(text: string, chunkSize: number): Block[] {
  const splitter = new MarkdownBlockSplitter();
  const blocks: Block[] = [];
  for (let i = 0; i < text.length; i += chunkSize) blocks.push(...splitter.append(text.slice(i, i + chunkSize)));
  blocks.push(...splitter.finish());
  return blocks;
}

const DOCUMENTS: Record<string, string> = {
  paragraphs: 'First paragraph\nwith two lines.\n\nSecond **bold** paragraph.\n\n\n# Heading\n\nText after heading.',
  looseList: '- one\n\n- two\n\n  continued inside two\n\n- three\n\nAfter the list.',
  orderedList: '1. first\n2. second\n\n3. third\n\nDone.',
  fences: 'Here is code:\n```ts\nconst a = 1;\n\nconst b = 2;\n```\nAnd after it.\n\n~~~~python\nprint("```")\n~~~~\n',
  fenceInList: '1. Step\n\n   ```sh\n   npm ci\n\n   npm test\n   ```\n\n2. Next step\n\nEnd.',
  longerClosingFence: '```\ncode\n`````\n\nafter',
  unclosedFence: 'Intro\n\n```js\nlet x = 1;\n\nlet y = 2;',
  blockquoteAndTable: '> quoted\n> more\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText',
  indentedCode: 'Para\n\n    indented code\n\n    more indented code\n\nAfter.',
  crlf: 'one\r\n\r\ntwo\r\n```\r\ncode\r\n```\r\n',
  rawHtml: 'a <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nb',
};

describe('MarkdownBlockSplitter', () => {
  for (const [name, text] of Object.entries(DOCUMENTS)) {
    it(`renders "${name}" block by block exactly as in one piece`, () => {
      const whole = md.render(text.replace(/\r\n/g, '\n'));
      const byBlock = splitInChunks(text, text.length).map(renderBlock).join('');
      assert.equal(byBlock.replace(/\r/g, ''), whole);
    });

    it(`gives the same blocks for "${name}" however the stream is chunked`, () => {
      const reference = splitInChunks(text, text.length);
      for (const size of [1, 2, 3, 7, 16]) assert.deepEqual(splitInChunks(text, size), reference, `chunk size ${size}`);
    });
  }

  it('freezes a paragraph only once the next block has started', () => {
    const splitter = new MarkdownBlockSplitter();
    assert.deepEqual(splitter.append('Hello\n\n'), []);
    assert.deepEqual(splitter.tail(), { kind: 'markdown', text: 'Hello\n\n' });
    assert.deepEqual(splitter.append('World'), []);
    assert.deepEqual(splitter.append('\n'), [{ kind: 'markdown', text: 'Hello\n\n' }]);
    assert.deepEqual(splitter.tail(), { kind: 'markdown', text: 'World\n' });
  });

  it('keeps an open fence as a growing code tail, including its partial last line', () => {
    const splitter = new MarkdownBlockSplitter();
    assert.deepEqual(splitter.append('Text\n```py\nprint(1)\npri'), [{ kind: 'markdown', text: 'Text\n' }]);
    assert.deepEqual(splitter.tail(), { kind: 'code', language: 'py', fence: '```', code: 'print(1)\npri', closed: false });
    assert.deepEqual(splitter.append('nt(2)\n```\n'), [{ kind: 'code', language: 'py', fence: '```', code: 'print(1)\nprint(2)\n', closed: true }]);
    assert.equal(splitter.tail(), undefined);
  });

  it('does not end a block at a blank line inside a fence', () => {
    const blocks = splitInChunks('```\na\n\n\nb\n```\n', 1);
    assert.deepEqual(blocks, [{ kind: 'code', language: '', fence: '```', code: 'a\n\n\nb\n', closed: true }]);
  });

  it('does not treat a backtick line with backticks in its info string as a fence', () => {
    const blocks = splitInChunks('``` a`b\n\ntext', 4);
    assert.ok(blocks.every((b) => b.kind === 'markdown'));
  });

  it('keeps a long reply in many small blocks (each frame re-renders only a small tail)', () => {
    const paragraph = 'word '.repeat(50).trim();
    const text = Array.from({ length: 200 }, (_, i) => (i % 10 === 5 ? '```js\nconst x = 1;\n```' : paragraph)).join('\n\n');
    const blocks = splitInChunks(text, 5);
    assert.equal(blocks.length, 200);
    assert.ok(Math.max(...blocks.map((b) => (b.kind === 'markdown' ? b.text.length : b.code.length))) < 300);
  });

  it('cuts a very long list at top-level items into parts that render as the same items, numbering kept', () => {
    for (const marker of ['-', 'ordered']) {
      const items = Array.from({ length: 400 }, (_, i) => `${marker === '-' ? '-' : `${i + 1}.`} item ${i} with **bold** text\n  continued line`);
      const text = items.join('\n');
      const blocks = splitInChunks(text, 5);
      assert.ok(blocks.length > 5, `${blocks.length} parts`);
      assert.equal(blocks[0]?.kind === 'markdown' && blocks[0].continuesList, undefined);
      assert.ok(blocks.slice(1).every((b) => b.kind === 'markdown' && b.continuesList === true));
      assert.ok(blocks.every((b) => b.kind === 'markdown' && b.text.length < LIST_SPLIT_CHARS + 100));
      // Joined at the cuts, the parts are exactly the one-shot rendering.
      const joined = blocks.map(renderBlock).join('').replace(/<\/(ul|ol)>\n<\1(?: start="\d+")?>\n/g, '');
      assert.equal(joined, md.render(text));
    }
  });

  it('does not cut a list at an indented line or inside an item', () => {
    const item = `- ${'x'.repeat(LIST_SPLIT_CHARS)}\n  - nested item\n  more of the item\n`;
    const blocks = splitInChunks(item + item, 3);
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0]?.kind === 'markdown' ? blocks[0].text : '', item);
  });
});
