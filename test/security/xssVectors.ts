// Hostile strings for the output-sanitising tests. Each calls the page's probe (`__probe(id)`) if it ever
// runs, so an execution is detected by its id; `R` is a remote origin, so a load is caught by the
// browser's request interception. Families: script tags, event handlers, javascript:/data:/vbscript:
// URLs, SVG, MathML, broken and nested markup (mXSS), CSS, markdown link/image/autolink tricks,
// entity and whitespace obfuscation, and plain remote loads.

const R = 'https://evil.invalid';

/** `$` is replaced by the vector's probe call, `%ID%` by its id. */
const TEMPLATES: string[] = [
  // script tags
  '<script>$</script>',
  '<SCRIPT>$</SCRIPT>',
  '<script src="data:text/javascript,$"></script>',
  `<script src="${R}/x.js"></script>`,
  '<scr<script>ipt>$</scr</script>ipt>',
  '<script\n>$</script\n>',
  '"><script>$</script>',
  "'><script>$</script>",
  '</textarea><script>$</script>',
  '</title><script>$</script>',
  '<!--<script>$</script>-->',
  '<![CDATA[<script>$</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=$>">',
  '<template><script>$</script></template>',
  // event handlers
  '<img src=x onerror=$>',
  '<img src="x" onerror="$">',
  '<IMG SRC=x OnErRoR=$>',
  '<img src=x onerror=&#95;&#95;probe("%ID%")>',
  '<img/src=x/onerror=$>',
  '<img src=`x` onerror=$>',
  '<body onload=$>',
  '<div onmouseover="$">hover</div>',
  '<div onclick="$">click me</div>',
  '<a onclick="$" href="#">click</a>',
  '<input autofocus onfocus=$>',
  '<select autofocus onfocus=$></select>',
  '<textarea autofocus onfocus=$></textarea>',
  '<details open ontoggle=$>x</details>',
  '<video src=x onerror=$></video>',
  '<audio src=x onerror=$></audio>',
  '<video><source onerror="$"></video>',
  '<marquee onstart=$>m</marquee>',
  '<object data="javascript:$"></object>',
  '<embed src="javascript:$">',
  '<iframe src="javascript:$"></iframe>',
  '<iframe srcdoc="<script>parent.$</script>"></iframe>',
  '<frameset onload=$>',
  '<body onpageshow=$>',
  '<style onload=$></style>',
  '<link rel=stylesheet href=x onerror=$>',
  '<x contenteditable onfocus=$ autofocus>x</x>',
  '<div draggable=true ondragstart=$>drag</div>',
  '<form><button formaction="javascript:$">go</button></form>',
  '<form action="javascript:$"><input type=submit></form>',
  '<isindex type=image src=1 onerror=$>',
  '<keygen autofocus onfocus=$>',
  // javascript:, data:, vbscript: URLs in HTML
  '<a href="javascript:$">js link</a>',
  '<a href="JaVaScRiPt:$">case link</a>',
  '<a href=" javascript:$">space link</a>',
  '<a href="jav&#x09;ascript:$">tab link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;$">entity link</a>',
  '<a href="data:text/html,<script>$</script>">data link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5fX3Byb2JlKCdiNjQnKTwvc2NyaXB0Pg==">b64 link</a>',
  '<a href="vbscript:msgbox(1)">vb link</a>',
  '<base href="javascript:$//">',
  '<meta http-equiv="refresh" content="0;url=javascript:$">',
  // SVG
  '<svg onload=$>',
  '<svg><script>$</script></svg>',
  '<svg><animate onbegin=$ attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:$"><text x=20 y=20>svg link</text></a></svg>',
  '<svg><set attributeName=onmouseover to=$></svg>',
  '<svg><foreignObject><iframe srcdoc="<script>parent.$</script>"></iframe></foreignObject></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=$ /></svg>#x"/></svg>',
  '<svg><style>@import "' + R + '/svg.css";</style></svg>',
  // MathML
  '<math><mtext><table><mglyph><style><img src=x onerror=$>',
  '<math href="javascript:$">math link</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:$">m</maction></math>',
  '<math><mi xlink:href="data:x,<script>$</script>">m</mi></math>',
  '<math><mtext><img src=x onerror=$></mtext></math>',
  // broken and nested markup (mutation XSS)
  '<img src="x" onerror="$"',
  '<<img src=x onerror=$>>',
  '<div <img src=x onerror=$>>',
  '<a href="x" title="<img src=x onerror=$>">t</a>',
  '<p id="</p><img src=x onerror=$>">',
  '<svg></p><style><a id="</style><img src=1 onerror=$>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=$>',
  '<noembed><img title="</noembed><img src onerror=$>"></noembed>',
  '<xmp><img title="</xmp><img src onerror=$>"></xmp>',
  '<iframe><img title="</iframe><img src onerror=$>"></iframe>',
  '<table><td><img src=x onerror=$></td></table>',
  '<div style="x:expression($)">ie</div>',
  // CSS
  '<div style="background:url(javascript:$)">css</div>',
  `<div style="background:url(${R}/bg.png)">remote css</div>`,
  `<style>@import url(${R}/a.css); body{background:url(${R}/b.png)}</style>`,
  `<link rel="stylesheet" href="${R}/x.css">`,
  `<img src="${R}/pixel.png">`,
  `<img srcset="${R}/a.png 1x">`,
  `<video poster="${R}/p.png"></video>`,
  `<iframe src="${R}/"></iframe>`,
  `<object data="${R}/x.swf"></object>`,
  // markdown link, image and autolink tricks
  '[md link](javascript:$)',
  '[md link spaced]( javascript:$ )',
  '[md entity](&#106;avascript:$)',
  '[md case](JaVaScRiPt:$)',
  '[md escaped](javascript&#58;$)',
  '[md data](data:text/html,<script>$</script>)',
  '[md vbscript](vbscript:$)',
  '[md ref][r]\n\n[r]: javascript:$',
  '[md title](https://ok.invalid "<img src=x onerror=$>")',
  '[<img src=x onerror=$>](https://ok.invalid)',
  '![md image](javascript:$)',
  `![md remote image](${R}/track.png)`,
  `![md remote ref][i]\n\n[i]: ${R}/ref.png`,
  '![x](https://ok.invalid/x.png" onerror="$)',
  '<javascript:$>',
  '<data:text/html,<script>$</script>>',
  '[x](javascript://%0a$)',
  '[x](<javascript:$>)',
  '[x](java\nscript:$)',
  '```js"><img src=x onerror=$>\ncode\n```',
  '```\n</code></pre><img src=x onerror=$>\n```',
  '`<img src=x onerror=$>`',
  '| a | b |\n|---|---|\n| <img src=x onerror=$> | [x](javascript:$) |',
  '> <svg onload=$>',
  '- [ ] <details open ontoggle=$>',
  '<a href="https://ok.invalid" onclick="$">link with handler</a>',
];

export interface XssVector {
  id: string;
  text: string;
}

export const XSS_VECTORS: XssVector[] = TEMPLATES.map((template, i) => {
  const id = `v${i}`;
  return { id, text: template.replaceAll('$', `__probe('${id}')`).replaceAll('%ID%', id) };
});

/** Origins a test page may load from: the page server only. */
export function isLocal(url: string, origin: string): boolean {
  return url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('about:') || url.startsWith('blob:');
}
