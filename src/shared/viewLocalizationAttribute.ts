// Where the page carries the view's localization (viewLocalization.ts): the attribute of <body>. Its own
// module, without zod, so the extension's entry that writes the page does not bundle the schema's library.

/** The attribute of <body> that carries it, as `document.body.dataset` names it. */
export const VIEW_LOCALIZATION_DATASET_KEY = 'svcL10n';
export const VIEW_LOCALIZATION_ATTRIBUTE = 'data-svc-l10n';
