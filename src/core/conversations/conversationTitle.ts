// A short title for the history list, made locally from the first message: no model call, so naming a
// conversation costs nothing and sends nothing anywhere. It drops what makes a first message a poor
// title (mentions, code, a polite opening), keeps the first sentence and cuts at a word, never mid-word.
const TITLE_LENGTH = 48;

/** Openings that say nothing about the subject ("Can you please …"). */
const OPENINGS = /^(?:(?:hi|hello|hey)[,!.]?\s+)?(?:(?:please|pls)\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:(?:please|pls)\s+)?/i;

/** The title for a first message `text`, or undefined when nothing in it can name the conversation. */
export function shortTitle(text: string): string | undefined {
  const plain = text
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(^|\s)@(?:"[^"]*"|\S+)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = (/^(.+?[.?!])(?:\s|$)/.exec(plain)?.[1] ?? plain).replace(/[.!]+$/, '');
  const body = sentence.replace(OPENINGS, '').trim();
  if (!/[\p{L}\p{N}]/u.test(body)) return undefined;
  const cut = body.length <= TITLE_LENGTH ? body : cutAtWord(body, TITLE_LENGTH);
  return cut.charAt(0).toLocaleUpperCase() + cut.slice(1);
}

function cutAtWord(text: string, length: number): string {
  const head = text.slice(0, length + 1);
  const space = head.lastIndexOf(' ');
  const words = space > length / 2 ? head.slice(0, space) : text.slice(0, length);
  return words.replace(/[\s,;:–—-]+$/, '');
}
