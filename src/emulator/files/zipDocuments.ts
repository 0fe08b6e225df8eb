// Text of the zip-based document formats mammoth and SheetJS do not cover: PPTX (slide text runs, in
// slide order) and EPUB (chapters in spine order, XHTML turned into Markdown text).
import TurndownService from 'turndown';
import { loadJsZip } from './documentLibraries';

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}

export async function pptxText(bytes: Buffer): Promise<string> {
  const zip = await (await loadJsZip()).loadAsync(bytes);
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1]) }))
    .filter((s) => Number.isInteger(s.n))
    .sort((a, b) => a.n - b.n);
  if (slides.length === 0) throw new Error('no slides found (ppt/slides/slideN.xml)');
  const parts: string[] = [];
  for (const slide of slides) {
    const xml = await zip.file(slide.name)!.async('string');
    const paragraphs = [...xml.matchAll(/<a:p\b[\s\S]*?<\/a:p>/g)]
      .map((p) => [...p[0].matchAll(/<a:t>([\s\S]*?)<\/a:t>/g)].map((t) => decodeXml(t[1]!)).join(''))
      .filter((p) => p.trim() !== '');
    parts.push(`## Slide ${slide.n}\n${paragraphs.join('\n')}`);
  }
  return parts.join('\n\n');
}

export async function epubText(bytes: Buffer): Promise<string> {
  const zip = await (await loadJsZip()).loadAsync(bytes);
  const container = await zip.file('META-INF/container.xml')?.async('string');
  const opfPath = container && /full-path="([^"]+)"/.exec(container)?.[1];
  if (!opfPath) throw new Error('no META-INF/container.xml pointing at the package document');
  const opf = await zip.file(opfPath)?.async('string');
  if (!opf) throw new Error(`the package document ${opfPath} is missing`);
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const manifest = new Map([...opf.matchAll(/<item\b[^>]*>/g)].map((m) => [/id="([^"]+)"/.exec(m[0])?.[1], /href="([^"]+)"/.exec(m[0])?.[1]] as const));
  const spine = [...opf.matchAll(/<itemref\b[^>]*idref="([^"]+)"/g)].map((m) => manifest.get(m[1]!)).filter((h): h is string => h !== undefined);
  const turndown = new TurndownService({ headingStyle: 'atx' });
  turndown.remove(['script', 'style', 'title']);
  const chapters: string[] = [];
  for (const href of spine) {
    const html = await zip.file(base + decodeURIComponent(href))?.async('string');
    if (html) chapters.push(turndown.turndown(html).trim());
  }
  return chapters.filter(Boolean).join('\n\n');
}
