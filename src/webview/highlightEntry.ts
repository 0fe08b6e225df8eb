// Entry of the highlighter's bundle (dist/webviewHighlight.js): highlight.js with its grammars, 132 KB of
// the page's script otherwise. The page adds it, under its own nonce, when the first code block is to be
// highlighted (lazyHighlighter.ts); the grammars are still registered only on the first call.
import { publishHighlighter } from './highlighterApi';
import { highlighter } from './highlighter';

publishHighlighter({
  supports: (language) => highlighter().getLanguage(language) !== undefined,
  highlight: (code, language) => highlighter().highlight(code, { language, ignoreIllegals: true }).value,
});
