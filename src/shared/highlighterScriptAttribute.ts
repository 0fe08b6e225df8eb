// Where the page finds the highlighter's script (dist/webviewHighlight.js), which it adds on first use
// (src/webview/lazyHighlighter.ts): an attribute of the page's own <script>, whose nonce the added script
// carries too. Its own module, like viewLocalizationAttribute.ts, so the host's page stays free of zod.

/** The attribute of the page's <script> that carries the highlighter's URI, as `script.dataset` names it. */
export const HIGHLIGHTER_SRC_DATASET_KEY = 'svcHighlighter';
export const HIGHLIGHTER_SRC_ATTRIBUTE = 'data-svc-highlighter';
