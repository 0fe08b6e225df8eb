// What the @ completion list offers for what was typed after the @: the mention keywords and the
// workspace's files and folders, matched fuzzily (the typed characters in order), best first.
import * as l10n from '../l10n';

export interface MentionCandidate {
  /** Inserted after the @. */
  value: string;
  kind: 'file' | 'folder' | 'problems' | 'selection' | 'terminal' | 'git' | 'url';
  detail: string;
}

/** The mention keywords, their details in the editor's language (asked for each time: see l10n.ts). */
export function keywordCandidates(): MentionCandidate[] {
  return [
    { value: 'problems', kind: 'problems', detail: l10n.t('the Problems of the workspace') },
    { value: 'selection', kind: 'selection', detail: l10n.t('the text selected in the editor') },
    { value: 'terminal', kind: 'terminal', detail: l10n.t('the last command of the active terminal and its output') },
    { value: 'git', kind: 'git', detail: l10n.t('the uncommitted changes, staged and not') },
    { value: 'url:', kind: 'url', detail: l10n.t('a web page, fetched by the service after you approve') },
  ];
}

/** A score for `query` in `text` (lower is better), or undefined when the characters are not all there in order. */
export function fuzzyScore(query: string, text: string): number | undefined {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  if (q === '') return 0;
  const direct = t.indexOf(q);
  if (direct >= 0) return direct - (t.lastIndexOf('/') < direct ? 1000 : 0);
  let at = -1;
  let gaps = 0;
  for (const char of q) {
    const next = t.indexOf(char, at + 1);
    if (next < 0) return undefined;
    gaps += next - at - 1;
    at = next;
  }
  return 10_000 + gaps;
}

/** The best candidates for the query among the keywords and the workspace's paths. */
export function mentionCandidates(query: string, files: readonly string[], limit = 30): MentionCandidate[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const folderDetail = l10n.t('folder: its listing and the files that fit');
  const fileDetail = l10n.t('file');
  const all: MentionCandidate[] = [
    ...keywordCandidates(),
    ...[...folders].map((value): MentionCandidate => ({ value, kind: 'folder', detail: folderDetail })),
    ...files.map((value): MentionCandidate => ({ value, kind: 'file', detail: fileDetail })),
  ];
  return all
    .map((candidate) => ({ candidate, score: fuzzyScore(query, candidate.value) }))
    .filter((s): s is { candidate: MentionCandidate; score: number } => s.score !== undefined)
    .sort((a, b) => a.score - b.score || a.candidate.value.length - b.candidate.value.length)
    .slice(0, limit)
    .map((s) => s.candidate);
}
