// The mode picker's entries for custom agents, after Ask, Plan and Agent, in a group of their own: each
// runs an agent task with the agent's instructions and only its tools. Its tooltip says what it is for
// and which file's folder it comes from.
import type { HostMessageOf } from '../../shared/protocol';
import { el } from '../dom';
import * as l10n from '../../shared/l10n';

export type CustomAgentView = HostMessageOf<'customAgents'>['agents'][number];

const PREFIX = 'custom-agent:';

export function agentModeValue(name: string): string {
  return `${PREFIX}${name}`;
}

/** The custom agent a picker value names; undefined for the built-in modes. */
export function pickedAgent(value: string): string | undefined {
  return value.startsWith(PREFIX) ? value.slice(PREFIX.length) : undefined;
}

/**
 * Replaces the picker's custom agents. A picked agent that is gone leaves the picker on Ask rather than
 * on Agent: a message meant for an agent with few tools never runs with all of them.
 */
export function showAgentModes(picker: HTMLSelectElement, agents: readonly CustomAgentView[]): void {
  const picked = picker.value;
  picker.querySelector('optgroup.custom-agents')?.remove();
  if (agents.length > 0) {
    const options = agents.map((agent) => {
      const about = agent.description === '' ? agent.origin : `${agent.description} (${agent.origin})`;
      return el('option', { text: agent.name, attrs: { value: agentModeValue(agent.name), title: about, 'data-testid': 'agent-mode' } });
    });
    picker.append(el('optgroup', { className: 'custom-agents', attrs: { label: l10n.t('Custom agents') } }, options));
  }
  picker.value = picked;
  if (picker.value !== picked) picker.value = 'ask';
}
