// The svc model to offer as VS Code's utility model: the chat's titles, commit messages and summaries
// need a quick model without reasoning, and a small one keeps them cheap.
import type { ModelInfo } from '../../api/index';

/** Quick models without reasoning, the first one listed wins. */
const PREFERRED = ['svc-k2-turbo-preview', 'svc-v1-32k', 'svc-v1-auto', 'svc-v1-8k'];

export interface UtilityModelCandidate {
  id: string;
  info: ModelInfo | undefined;
}

/** The listed model to use for VS Code's utility tasks; undefined when every listed model thinks or is unknown. */
export function utilityModelOf(listed: readonly UtilityModelCandidate[]): string | undefined {
  const preferred = PREFERRED.find((id) => listed.some((m) => m.id === id));
  return preferred ?? listed.find((m) => m.info !== undefined && m.info.thinking === 'no' && !m.info.vision)?.id;
}
