// One line or several: several only where a block naturally starts, i.e. the cursor ends its line
// (nothing but closing brackets after it) and the line is empty or opens a block. In the middle of a
// line the completion ends with the line.
import type { CompletionShape } from './completionTypes';

export function completionShape(before: string, after: string): CompletionShape {
  const lineAfter = after.split('\n', 1)[0] ?? '';
  if (!/^[\s)\]};,]*$/.test(lineAfter)) return 'single-line';
  const lineBefore = before.slice(before.lastIndexOf('\n') + 1);
  if (lineBefore.trim() === '') return 'multi-line';
  return /[{([:]\s*$|=>\s*$/.test(lineBefore) ? 'multi-line' : 'single-line';
}
