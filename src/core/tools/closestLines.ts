// When old_text matches nowhere, the file's lines most like it, numbered, for the model to copy from.
// Shown, never applied: a similarity match can land on the wrong one of several similar blocks.
import { distance } from 'fastest-levenshtein';

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/** The file's lines most like old_text's, with their numbers, for the model to copy from. */
export function closestLines(fileLines: readonly string[], oldLines: readonly string[]): string {
  const wanted = oldLines.map((l) => l.trim());
  const firstWanted = wanted.find((l) => l !== '') ?? '';
  const firstIndex = Math.max(0, wanted.indexOf(firstWanted));
  const count = Math.min(oldLines.length, 8);
  // A first pass on one line per place, then the few best places scored on several lines.
  const candidates = fileLines
    .map((line, i) => ({ start: i - firstIndex, score: similarity(line.trim(), firstWanted) }))
    .filter((c) => c.start >= 0 && c.start < fileLines.length)
    .sort((a, b) => b.score - a.score)
    .slice(0, 20)
    .map(({ start }) => {
      let total = 0;
      for (let i = 0; i < count; i++) total += similarity((fileLines[start + i] ?? '').trim(), wanted[i] ?? '');
      return { start, score: total / count };
    })
    .sort((a, b) => b.score - a.score || a.start - b.start);
  const best = candidates[0];
  if (!best || best.score < 0.3) return 'No lines of the file are close to it; read the file again (read_file) before editing.';
  const shown = fileLines.slice(best.start, best.start + Math.min(Math.max(oldLines.length, 1), 12));
  const width = String(best.start + shown.length).length;
  const body = shown.map((line, i) => `${String(best.start + i + 1).padStart(width)} | ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`).join('\n');
  return `The closest lines in the file (line numbers before "|", not part of the text):\n${body}`;
}
