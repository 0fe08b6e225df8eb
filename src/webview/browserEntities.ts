// markdown-it's decoder of named character references (`&copy;`), in place of the `entities` package's:
// the page's bundle aliases `entities` to this file (esbuild.mjs, test/webview/pageServer.ts), since the
// browser already knows every name HTML has and the package's table of them was 18 KB of the page's
// script. markdown-it passes one reference at a time, `&name;`, and wants it decoded only when the whole
// name with its semicolon is one (its "strict" decoding); otherwise it gets the text back unchanged.
const REFERENCE = /^&[a-z#][a-z0-9]{1,31};$/i;

let decoder: HTMLTextAreaElement | undefined;

export function decodeHTMLStrict(text: string): string {
  if (!REFERENCE.test(text)) return text;
  // A textarea's content is parsed as text (RCDATA): references are decoded and nothing becomes an element.
  decoder ??= document.createElement('textarea');
  decoder.innerHTML = text;
  const decoded = decoder.value;
  // The browser also decodes a few old names without their semicolon (`&not` of `&notit;`), leaving the rest of
  // the name and the semicolon after them: that is not a reference in strict decoding. (`&semi;` is `;` itself.)
  return decoded === ';' || !decoded.endsWith(';') ? decoded : text;
}
