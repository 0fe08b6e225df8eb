// Images and videos only work on models that can see; sending one to another model is a request that
// is certain to fail, so it is stopped here with the models that would take it.
import { MODELS, modelInfo } from '../../api/index';
import * as l10n from '../l10n';

export class VisionUnsupportedError extends Error {
  override readonly name = 'VisionUnsupportedError';
  constructor(
    readonly model: string,
    /** Vision-capable model ids the user can switch to, best first. */
    readonly suggestions: readonly string[],
  ) {
    super(l10n.t('{0} cannot see images or videos. Switch to a vision model ({1}) or remove the image/video attachment.', model, suggestions.join(', ')));
  }
}

export function visionModels(): string[] {
  return MODELS.filter((m) => m.vision).map((m) => m.id);
}

/** Throws for a catalogued model without vision; unknown ids are the service's to judge. */
export function assertModelCanSee(model: string): void {
  const info = modelInfo(model);
  if (info && !info.vision) throw new VisionUnsupportedError(model, visionModels());
}
