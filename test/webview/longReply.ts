// A realistic long answer (headings, paragraphs with inline markup, lists, code blocks) cut into
// token-sized pieces, generated from a fixed seed so every run streams the same text.

const WORDS = [
  'the', 'stream', 'renders', 'each', 'block', 'once', 'while', 'tail', 'grows', 'model', 'answer', 'reply', 'context',
  'function', 'returns', 'value', 'because', 'request', 'token', 'window', 'service', 'editor', 'thinking', 'frame',
  'paragraph', 'quickly', 'without', 'freezing', 'view', 'list', 'item', 'code', 'highlight', 'sanitised', 'markdown',
];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function section(index: number, next: () => number): string {
  const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'word';
  const sentence = (words: number): string => {
    const parts = Array.from({ length: words }, (_, i) => {
      const word = pick();
      const roll = next();
      if (i > 0 && roll < 0.04) return `**${word}**`;
      if (i > 0 && roll < 0.08) return `\`${word}()\``;
      return word;
    });
    const text = parts.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + '.';
  };
  const paragraph = (sentences: number): string => Array.from({ length: sentences }, () => sentence(8 + Math.floor(next() * 10))).join(' ');
  const blocks = [`## Part ${index + 1}: ${pick()} ${pick()}`, paragraph(4), Array.from({ length: 4 }, () => `- ${sentence(6)}`).join('\n'), paragraph(3)];
  if (index % 3 === 1) {
    const lines = Array.from({ length: 10 }, (_, i) => `  const ${pick()}${i} = ${Math.floor(next() * 1000)}; // ${pick()} ${pick()}`);
    blocks.push(['```ts', `function part${index}(): number {`, ...lines, `  return ${index};`, '}', '```'].join('\n'));
  }
  return blocks.join('\n\n');
}

/** Splits text into pieces the size of model tokens (a word piece with its leading space, or whitespace). */
export function tokenize(text: string): string[] {
  return text.match(/\s*[^\s]{1,6}|\s+/g) ?? [];
}

export function longReply(tokenCount: number, seed = 20_000): string[] {
  const next = random(seed);
  const tokens: string[] = [];
  for (let index = 0; tokens.length < tokenCount; index++) tokens.push(...tokenize((index === 0 ? '' : '\n\n') + section(index, next)));
  return tokens.slice(0, tokenCount);
}
