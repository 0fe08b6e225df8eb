// The skills and prompt files the view's `/` list offers: those that apply (not invalid, shadowed,
// restricted or turned off), each name once; and the custom agents the mode picker offers. No vscode import, so the unit tests read the list the view gets.
import { applies, type Customization } from '../../core/customizations/customization';
import { usableAgents } from '../../core/customizations/customAgents';
import type { HostMessage } from '../../shared/protocol';

/** The commands the view's `/` list offers: each name once, the winner of its name. */
export function customCommandsMessage(items: readonly Customization[]): HostMessage {
  const commands = items
    .filter((item) => (item.kind === 'skill' || item.kind === 'prompt') && applies(item))
    .map((item) => ({
      name: item.name,
      kind: item.kind === 'skill' ? ('skill' as const) : ('prompt' as const),
      description: item.description ?? '',
      origin: item.origin.location,
      ...(item.details?.kind === 'prompt' && item.details.argumentHint ? { argumentHint: item.details.argumentHint } : {}),
    }));
  return { type: 'customCommands', commands };
}

/** The custom agents the mode picker offers after the built-in modes, in precedence order. */
export function customAgentsMessage(items: readonly Customization[]): HostMessage {
  return { type: 'customAgents', agents: usableAgents(items).map((item) => ({ name: item.name, description: item.description ?? '', origin: item.origin.location })) };
}
