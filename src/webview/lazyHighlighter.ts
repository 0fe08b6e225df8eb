// The highlighter, loaded on first use: highlight.js and its grammars are a third of the page's script,
// and most views show no code until a reply has some. The first code block to highlight adds
// dist/webviewHighlight.js to the page as a <script> with the page's own nonce (the CSP lets in no other
// script); until it has run, code shows plain, and whoever asked is told once it is there.
import { HIGHLIGHTER_SRC_DATASET_KEY } from '../shared/highlighterScriptAttribute';
import { publishedHighlighter, type HighlighterApi } from './highlighterApi';

/**
 * The page's own script, which names the highlighter's file and carries the nonce: read while the bundle
 * runs, as `document.currentScript` is null afterwards.
 */
const pageScript = document.currentScript;

let loaded: HighlighterApi | undefined;
let loading: Promise<HighlighterApi | undefined> | undefined;

/** The highlighter, if its script has run. */
export function loadedHighlighter(): HighlighterApi | undefined {
  return loaded;
}

/**
 * Resolves once the page has had its load event: a script added before it holds the event back until the
 * script has run, and the webview's frame (and whoever waits for the page) would wait for the highlighter.
 */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Adds the highlighter's script to the page, once, after the page's load event. Resolves with the
 * highlighter, or undefined when the page names no such file or it failed to load: code then stays plain,
 * as it shows while loading.
 */
export function loadHighlighter(): Promise<HighlighterApi | undefined> {
  loading ??= pageLoaded().then(() => addHighlighterScript());
  return loading;
}

function addHighlighterScript(): Promise<HighlighterApi | undefined> {
  return new Promise((resolve) => {
    const src = pageScript?.dataset[HIGHLIGHTER_SRC_DATASET_KEY];
    if (!pageScript || !src) {
      resolve(undefined);
      return;
    }
    const script = document.createElement('script');
    script.nonce = pageScript.nonce ?? '';
    script.src = src;
    script.addEventListener('load', () => {
      loaded = publishedHighlighter();
      if (!loaded) console.error(`The code highlighter (${src}) ran without providing a highlighter: code blocks stay plain.`);
      resolve(loaded);
    });
    script.addEventListener('error', () => {
      console.error(`The code highlighter (${src}) could not be loaded: code blocks stay plain.`);
      resolve(undefined);
    });
    document.head.append(script);
  });
}
