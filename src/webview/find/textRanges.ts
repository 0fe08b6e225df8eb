// The DOM ranges of a search text inside an element, case-insensitive, across the text nodes markdown
// rendering splits it into within one block (a match never spans two text nodes of different blocks).

export function textRanges(root: Element, query: string): Range[] {
  const ranges: Range[] = [];
  if (query === '') return ranges;
  const needle = query.toLocaleLowerCase();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').toLocaleLowerCase();
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  return ranges;
}
