// What the view's model picker knows of a model; a model the catalogue does not know gets defaults
// that let it be used (no thinking switch, no images, unknown length).
import * as vscode from 'vscode';
import { LIMITS, type ModelInfo } from '../../api/index';
import type { ModelListing } from '../../core/models/serviceModels';
import type { HostMessage, ModelView } from '../../shared/protocol';

export function modelView(id: string, info: ModelInfo | undefined): ModelView {
  return {
    id,
    thinking: info?.thinking ?? 'no',
    vision: info?.vision ?? false,
    contextLength: info?.contextLength ?? null,
    estimateSupported: info?.estimateSupported ?? true,
    maxChoices: info?.fixed.n ?? LIMITS.maxN,
  };
}

export function modelViews(listing: ModelListing): ModelView[] {
  return listing.models.map((m) => modelView(m.id, m.info));
}

/** The picker's models, and a warning when they are the built-in catalogue because the service's list could not be read. */
export function modelsMessages(listing: ModelListing): HostMessage[] {
  const models: HostMessage = { type: 'models', models: modelViews(listing) };
  if (listing.source !== 'catalogue') return [models];
  const problem = listing.problem ?? vscode.l10n.t('no answer');
  return [models, { type: 'notice', level: 'warning', message: vscode.l10n.t("The service's model list could not be read ({0}): the picker shows the built-in catalogue.", problem) }];
}
