// The chat view's strings. The English text in the code is the key, as with `vscode.l10n.t` on the
// host, so `@vscode/l10n-dev export` finds the view's `l10n.t(...)` calls and the host's in one pass;
// the host sends the bundle for VS Code's display language with `init`, and a missing translation
// shows the English text rather than nothing.

/** Translations keyed by their English text, as in `l10n/bundle.l10n.<locale>.json`. */
export type L10nBundle = Readonly<Record<string, string>>;

let translations: L10nBundle = {};

export function useBundle(bundle: L10nBundle): void {
  translations = bundle;
}

/** `message` translated, with `{0}`, `{1}`… replaced by `args` in order; unknown placeholders stay as written. */
export function t(message: string, ...args: ReadonlyArray<string | number>): string {
  const template = translations[message] ?? message;
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}
