// Applies the language and translations the host wrote into the page. main.ts imports this module
// before every other one, so it runs before any module's top-level `l10n.t(...)` and before the first
// element is built.
import * as l10n from '../shared/l10n';
import { parseViewLocalization, VIEW_LOCALIZATION_DATASET_KEY } from '../shared/viewLocalization';

function useViewLocalization(body: HTMLElement): void {
  try {
    const localization = parseViewLocalization(body.dataset[VIEW_LOCALIZATION_DATASET_KEY]);
    l10n.useLanguage(localization.language);
    l10n.useBundle(localization.bundle);
  } catch (error) {
    // A malformed attribute leaves the view in English, which every string has; the console says why.
    console.error(error instanceof Error ? error.message : String(error));
  }
}

useViewLocalization(document.body);
