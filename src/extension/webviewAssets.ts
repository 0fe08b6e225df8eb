// The chat page's script and styles (dist/webview.js and dist/webview.css), read to be written into the
// page itself, and the URI of the code highlighter (dist/webviewHighlight.js) the page loads on first use. A webview fetches each file it names through VS Code's service worker and the window's
// busy main thread, which in a fresh window took longer than loading the rest of the page; text in the
// page arrives with the HTML. Being embedded, each must not be able to end its element early: the
// check below is what keeps the element's end where the page puts it.
import * as fs from 'node:fs';
import * as vscode from 'vscode';

export interface WebviewAssets {
  /** The page's script, to go inside `<script nonce>` as is. */
  script: string;
  /** The page's styles, their relative `url()`s made webview URIs, to go inside `<style nonce>`. */
  style: string;
  /**
   * The webview URI of the highlighter's script, which the page adds under the same nonce when a code block
   * first needs it: not embedded, as most views show no code before a reply brings some. A missing file
   * leaves code plain (the page says so in its console) rather than the view without a chat.
   */
  highlighterUri: string;
}

/** A shipped file that cannot be embedded safely, or is missing: the view shows this instead of the chat. */
export class WebviewAssetError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file} ${problem}`);
    this.name = 'WebviewAssetError';
  }
}

/**
 * An HTML parser ends a script element at `</script` followed by a space, `/` or `>`; after `<!--`, a
 * `<script` so followed makes it skip the next `</script>`. A text with neither sequence ends exactly at
 * the element's closing tag. (esbuild writes `</script` in strings as `<\/script`.)
 */
const SCRIPT_ENDS_OR_NESTS = /<\/?script[\s/>]/i;
/** A style element is raw text: only `</style` so followed ends it. */
const STYLE_ENDS = /<\/style[\s/>]/i;
/** `url(./file)`, quoted or not: the only relative references esbuild writes (the codicon font beside the CSS). */
const RELATIVE_URL = /url\(\s*(["']?)\.\/([^"')\s]+)\1\s*\)/g;

export function checkScriptEmbeddable(file: string, script: string): string {
  const found = SCRIPT_ENDS_OR_NESTS.exec(script);
  if (found) throw new WebviewAssetError(file, `contains "${found[0].trim()}" at character ${found.index}, which would end or nest the page's script element`);
  return script;
}

/** The styles with their relative URLs resolved by `resolve` (a file of dist/ → its webview URI). */
export function embeddableStyle(file: string, style: string, resolve: (relativePath: string) => string): string {
  const found = STYLE_ENDS.exec(style);
  if (found) throw new WebviewAssetError(file, `contains "${found[0].trim()}" at character ${found.index}, which would end the page's style element`);
  return style.replace(RELATIVE_URL, (_, _quote: string, relativePath: string) => {
    const cut = relativePath.search(/[?#]/);
    const shipped = cut < 0 ? relativePath : relativePath.slice(0, cut);
    if (shipped.split('/').some((part) => part === '..' || part === '')) throw new WebviewAssetError(file, `refers to "${relativePath}", outside the folder it ships in`);
    return `url("${resolve(shipped)}${cut < 0 ? '' : relativePath.slice(cut)}")`;
  });
}

function read(file: vscode.Uri, label: string): string {
  try {
    return fs.readFileSync(file.fsPath, 'utf8');
  } catch (error) {
    throw new WebviewAssetError(label, `could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); reinstall the extension or run \`npm run build\``);
  }
}

/** Reads the page's files from the extension's dist/ folder; throws WebviewAssetError when one is missing or unsafe to embed. */
export function readWebviewAssets(webview: vscode.Webview, extensionUri: vscode.Uri): WebviewAssets {
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  const script = checkScriptEmbeddable('dist/webview.js', read(vscode.Uri.joinPath(dist, 'webview.js'), 'dist/webview.js'));
  const style = embeddableStyle('dist/webview.css', read(vscode.Uri.joinPath(dist, 'webview.css'), 'dist/webview.css'), (relativePath) =>
    webview.asWebviewUri(vscode.Uri.joinPath(dist, ...relativePath.split('/'))).toString(),
  );
  const highlighterUri = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webviewHighlight.js')).toString();
  return { script, style, highlighterUri };
}
