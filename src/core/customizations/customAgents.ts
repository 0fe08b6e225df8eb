// The custom agents a window offers (the files that apply, each name once) as what runs them: the mode
// picker's entries, the task's instructions and tool list, and the subagent kinds run_subagent may start.
// Their texts are for the model, so they stay English.
import { kindName, SubagentKindError, type SubagentKind } from '../agent/subagents/subagentKind';
import { SubagentKinds } from '../agent/subagents/subagentKinds';
import { applies, type Customization } from './customization';
import { agentToolNames } from './agentToolNames';

/** What a task run as a custom agent needs of its file. */
export interface CustomAgentRun {
  name: string;
  /** The file as the user reads it, for messages. */
  label: string;
  instructions: string;
  /** The tool names as written; absent: every tool of the task. */
  tools?: readonly string[];
  /** Asked for in order; the first the service offers is used. */
  models: readonly string[];
}

/** The agents that apply, in precedence order (a shadowed one is not among them). */
export function usableAgents(items: readonly Customization[]): Customization[] {
  return items.filter((item) => item.kind === 'agent' && applies(item));
}

export function customAgentRun(item: Customization): CustomAgentRun | undefined {
  if (item.details?.kind !== 'agent') return undefined;
  const { body, tools, models } = item.details;
  return { name: item.name, label: item.label, instructions: agentInstructions(item.name, body), ...(tools ? { tools } : {}), models };
}

/** The agent that `name` picks, letter case aside. */
export function findAgent(items: readonly Customization[], name: string): CustomAgentRun | undefined {
  const item = usableAgents(items).find((i) => i.name.toLowerCase() === name.toLowerCase());
  return item ? customAgentRun(item) : undefined;
}

function agentInstructions(name: string, body: string): string {
  return body === '' ? `You are the custom agent "${name}".` : `You are the custom agent "${name}". Follow its instructions:\n\n${body}`;
}

/** Whether the service offers a model; undefined when the list is not known (then the file's first is used). */
export type ModelChoice = ((id: string) => boolean) | undefined;

/** The first of the agent's models the service offers; undefined: the task's own. */
export function chooseModel(wanted: readonly string[], offered: ModelChoice): string | undefined {
  return wanted.find((id) => offered === undefined || offered(id));
}

function optionalModel(wanted: readonly string[], offered: ModelChoice): { model?: string } {
  const model = chooseModel(wanted, offered);
  return model ? { model } : {};
}

/**
 * The built-in kinds, then each custom agent that may be a subagent (Copilot's `infer` not false) with a
 * description to be chosen by. `available` are the task's tools, which the agent's names map onto. A kind
 * that cannot be added (its name taken, no tool left) is a problem, named by file, never an error of the task.
 */
export function subagentKindsWith(items: readonly Customization[], available: readonly string[], models: ModelChoice): { kinds: SubagentKinds; problems: string[] } {
  const kinds = SubagentKinds.withBuiltins();
  const problems: string[] = [];
  for (const item of usableAgents(items)) {
    if (item.details?.kind !== 'agent' || !item.details.subagent) continue;
    if (!item.description) {
      problems.push(`${item.label}: not offered as a subagent: it has no description to be chosen by`);
      continue;
    }
    const names = agentToolNames(item.details.tools, available);
    const kind: SubagentKind = {
      name: kindName(item.name),
      description: item.description.replace(/\s+/g, ' ').slice(0, 500),
      instructions: agentInstructions(item.name, item.details.body),
      tools: names.allowed,
      ...optionalModel(item.details.models, models),
    };
    try {
      kinds.add(kind, item.label);
    } catch (error) {
      if (!(error instanceof SubagentKindError)) throw error;
      problems.push(error.message);
    }
  }
  return { kinds, problems };
}
