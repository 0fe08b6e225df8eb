// What the highlighter's own bundle (dist/webviewHighlight.js, entry highlightEntry.ts) hands the page
// when it has run: the page's bundle imports only this module of it, so highlight.js and its grammars
// stay out of dist/webview.js until a code block needs them.

export interface HighlighterApi {
  /** Whether `language` (a name or an alias) has a grammar. */
  supports(language: string): boolean;
  /** `code` as highlighted HTML (spans of `hljs-*` classes); the caller sanitises it like any markup. */
  highlight(code: string, language: string): string;
}

/** The property of `window` the highlighter's bundle sets: two IIFE bundles share nothing else. */
const GLOBAL_NAME = 'svcHighlighter';

type HighlighterWindow = Window & { [GLOBAL_NAME]?: unknown };

export function publishHighlighter(api: HighlighterApi): void {
  (window as HighlighterWindow)[GLOBAL_NAME] = api;
}

/** The API the highlighter's bundle published, if it ran and published one of the right shape. */
export function publishedHighlighter(): HighlighterApi | undefined {
  const api = (window as HighlighterWindow)[GLOBAL_NAME];
  if (typeof api !== 'object' || api === null) return undefined;
  const candidate = api as Partial<Record<keyof HighlighterApi, unknown>>;
  return typeof candidate.supports === 'function' && typeof candidate.highlight === 'function' ? (api as HighlighterApi) : undefined;
}
