// Splits streamed markdown into blocks that can no longer change (rendered once, then frozen) and one
// tail that is still growing (re-rendered per frame). This is what keeps a 20,000-token reply cheap:
// each frame costs the size of the tail, not the size of the reply.
//
// A block ends only where CommonMark guarantees that what follows cannot change how it renders:
// - at a blank line followed by an unindented line that does not continue a list (an indented line may
//   continue a list item or an indented code block, so it never starts a block), and never inside a fence;
// - around a fenced code block that starts at column 0: such a fence interrupts a paragraph and ends a
//   list, so it is a block of its own, and its closing fence ends it.
// One exception trades exactness for speed: a list longer than LIST_SPLIT_CHARS is cut before its next
// top-level item, so a reply that is one long list does not become one ever-growing tail. The parts
// render as consecutive lists (an ordered part keeps its numbering through `start`) and are marked
// `continuesList`, so the view can join them visually.

/** Size at which a growing list is cut at its next top-level item. */
export const LIST_SPLIT_CHARS = 2_000;

export interface MarkdownBlock {
  kind: 'markdown';
  text: string;
  /** Set on the second and later parts of a list that was cut for speed. */
  continuesList?: true;
}

export interface CodeBlock {
  kind: 'code';
  /** First word of the fence's info string ('' when none). */
  language: string;
  /** The opening fence marker, e.g. ``` or ~~~~. */
  fence: string;
  code: string;
  /** Whether the closing fence was seen (false for a growing tail and for a fence left open at the end). */
  closed: boolean;
}

export type Block = MarkdownBlock | CodeBlock;

interface Fence {
  char: '`' | '~';
  length: number;
  indent: number;
}

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

function openingFence(line: string): (Fence & { info: string }) | undefined {
  const match = FENCE_OPEN.exec(line);
  if (!match) return undefined;
  const marker = match[2] ?? '';
  const info = (match[3] ?? '').trim();
  // A backtick fence's info string may not contain a backtick (it would be inline code instead).
  if (marker.startsWith('`') && info.includes('`')) return undefined;
  return { char: marker[0] === '`' ? '`' : '~', length: marker.length, indent: (match[1] ?? '').length, info };
}

function closesFence(line: string, fence: Fence): boolean {
  const trimmed = line.replace(/^ {0,3}/, '').trimEnd();
  return trimmed.length >= fence.length && [...trimmed].every((c) => c === fence.char);
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

export class MarkdownBlockSplitter {
  /** Text of the block being built, complete lines only. */
  private current = '';
  private currentIsList = false;
  /** The current block is a later part of a list that was cut for speed. */
  private continuingList = false;
  /** Set while the current block is a column-0 fenced code block. */
  private codeBlock: { language: string; fence: string; codeStart: number } | undefined;
  /** Any open fence, including one indented inside a list item. */
  private fence: Fence | undefined;
  private blankSeen = false;
  private partialLine = '';
  private completed: Block[] = [];

  /** Feeds more streamed text; returns the blocks this text completed, in order. */
  append(text: string): Block[] {
    const lines = (this.partialLine + text).split('\n');
    this.partialLine = lines.pop() ?? '';
    for (const line of lines) this.takeLine(line);
    return this.drain();
  }

  /** The still-growing block, or undefined when there is none. */
  tail(): Block | undefined {
    if (this.codeBlock) {
      return {
        kind: 'code',
        language: this.codeBlock.language,
        fence: this.codeBlock.fence,
        code: this.current.slice(this.codeBlock.codeStart) + this.partialLine,
        closed: false,
      };
    }
    const text = this.current + this.partialLine;
    if (isBlank(text)) return undefined;
    return { kind: 'markdown', text, ...(this.continuingList ? { continuesList: true as const } : {}) };
  }

  /** Ends the stream: everything left becomes complete blocks. */
  finish(): Block[] {
    const last = this.partialLine;
    this.partialLine = '';
    if (this.codeBlock && this.fence && !closesFence(last.replace(/\r$/, ''), this.fence)) {
      // An unclosed fence runs to the end of the document, as CommonMark renders it.
      this.current += last;
      this.completeCode(false);
    } else {
      if (last !== '') this.takeLine(last);
      this.closeCurrent();
    }
    return this.drain();
  }

  private takeLine(rawLine: string): void {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (this.fence) {
      if (this.codeBlock && closesFence(line, this.fence)) {
        this.completeCode(true);
        return;
      }
      if (closesFence(line, this.fence)) this.fence = undefined;
      this.current += rawLine + '\n';
      return;
    }
    if (isBlank(line)) {
      if (this.current !== '') {
        this.current += rawLine + '\n';
        this.blankSeen = true;
      }
      return;
    }
    const fence = openingFence(line);
    if (fence && fence.indent === 0) {
      this.closeCurrent();
      this.fence = fence;
      this.current = rawLine + '\n';
      this.codeBlock = { language: fence.info.split(/\s+/)[0] ?? '', fence: fence.char.repeat(fence.length), codeStart: this.current.length };
      return;
    }
    const isItem = LIST_ITEM.test(line);
    const startsBlock = /^\S/.test(line) && !(this.currentIsList && isItem);
    if (this.blankSeen && startsBlock) this.closeCurrent();
    else if (this.currentIsList && isItem && this.current.length >= LIST_SPLIT_CHARS) {
      this.closeCurrent();
      this.continuingList = true;
    }
    if (this.current === '') this.currentIsList = isItem;
    this.current += rawLine + '\n';
    this.blankSeen = false;
    if (fence) this.fence = fence;
  }

  private completeCode(closed: boolean): void {
    const block = this.codeBlock;
    if (!block) return;
    this.completed.push({ kind: 'code', language: block.language, fence: block.fence, code: this.current.slice(block.codeStart), closed });
    this.reset();
  }

  private closeCurrent(): void {
    if (!isBlank(this.current)) this.completed.push({ kind: 'markdown', text: this.current, ...(this.continuingList ? { continuesList: true as const } : {}) });
    this.reset();
  }

  private reset(): void {
    this.current = '';
    this.currentIsList = false;
    this.continuingList = false;
    this.codeBlock = undefined;
    this.fence = undefined;
    this.blankSeen = false;
  }

  private drain(): Block[] {
    const blocks = this.completed;
    this.completed = [];
    return blocks;
  }
}
