// Characters that display nothing or reorder what is displayed (bidirectional overrides, zero-width
// characters, Unicode tag characters that smuggle ASCII text a model reads and a person does not see).
// A customization's text is shown and sent with each of them as a visible marker such as ⟨U+202E⟩, so
// the model reads what the user can read. The set is src/shared/revealHiddenText.ts's, which core may
// not import; test/unit/core/customizations/hiddenCharacters.test.ts holds the two to the same set.

export const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

export interface MarkedText {
  text: string;
  hidden: number;
}

/** The text with every hidden character replaced by its code point in a visible marker; CR of CRLF is kept as a line end. */
export function markHiddenCharacters(text: string): MarkedText {
  let hidden = 0;
  const marked = text.replace(/\r\n/g, '\n').replace(HIDDEN_CHARACTERS, (char) => {
    hidden += 1;
    const code = char.codePointAt(0) ?? 0;
    return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  });
  return { text: marked, hidden };
}
