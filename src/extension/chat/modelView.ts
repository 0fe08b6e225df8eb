// What the view's model picker knows of a model; a model the catalogue does not know gets defaults
// that let it be used (no thinking switch, no images, unknown length).
import { LIMITS, type ModelInfo } from '../../api/index';
import type { ModelView } from '../../shared/protocol';

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
