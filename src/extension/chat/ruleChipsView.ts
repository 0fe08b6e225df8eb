// The rules chips above the composer: which standing instructions the next request carries, and a
// warning on one whose text is marked (hidden characters, broken front matter).
import type { RuleChip } from '../../core/customizations/standingCustomizations';
import type { HostMessage } from '../../shared/protocol';

export function ruleChipsMessage(list: readonly RuleChip[]): HostMessage {
  return { type: 'rules', rules: list.map((r) => ({ label: r.label, scope: r.scope, ...(r.path ? { path: r.path } : {}), ...(r.warning ? { warning: r.warning } : {}) })) };
}
