// Text that core shows to the user (approval questions, notices, error explanations) in the editor's
// display language. As on the host and in the view, the English text in the code is the key, so
// `npm run l10n` extracts core's `l10n.t(...)` calls into the same bundle; the host installs VS Code's
// translator at start, and without one (tests, the emulator) the English text is used. Text meant for
// the model (tool results, prompts) stays English and does not go through here.

/** Looks `message` up in the display language and fills its `{0}`, `{1}`… with `args`. */
export type Translator = (message: string, args: ReadonlyArray<string | number>) => string;

/** The English text with its placeholders filled: what core shows until a translator is installed. */
export function englishText(message: string, args: ReadonlyArray<string | number>): string {
  return message.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

let translator: Translator = englishText;

export function useTranslator(next: Translator): void {
  translator = next;
}

/** `message` in the display language, with `{0}`, `{1}`… replaced by `args` in order. */
export function t(message: string, ...args: ReadonlyArray<string | number>): string {
  return translator(message, args);
}

/**
 * What `build` says in English whatever the display language: one function yields both the text the
 * user reads and the text the model and the log read, so the two cannot drift apart.
 */
export function inEnglish<T>(build: () => T): T {
  const shown = translator;
  translator = englishText;
  try {
    return build();
  } finally {
    translator = shown;
  }
}
