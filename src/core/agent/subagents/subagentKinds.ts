// The kinds of subagent a task can start, by name. Built-in kinds come first; kinds from elsewhere (the
// customization files to come) are added through `add`, which checks them with the same schema and refuses
// a name already taken, naming where the kind came from and the field at fault.
import { SubagentKindError, SubagentKindSchema, type SubagentKind } from './subagentKind';
import { BUILTIN_SUBAGENTS } from './builtinSubagents';

export class SubagentKinds {
  private readonly kinds = new Map<string, SubagentKind>();

  /** The built-in kinds, then `extra` (each checked as `add` checks it). */
  static withBuiltins(extra: readonly { kind: unknown; source: string }[] = []): SubagentKinds {
    const kinds = new SubagentKinds();
    for (const kind of BUILTIN_SUBAGENTS) kinds.add(kind, 'built-in');
    for (const { kind, source } of extra) kinds.add(kind, source);
    return kinds;
  }

  /** Checks `kind` and adds it; `source` names where it came from in the error (a file, "built-in"). */
  add(kind: unknown, source: string): SubagentKind {
    const parsed = SubagentKindSchema.safeParse(kind);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'top level';
      throw new SubagentKindError(`${source}: subagent kind ${field}: ${issue?.message ?? 'invalid'} (expected {name, description, instructions, tools: "*" or [names], model?})`);
    }
    if (this.kinds.has(parsed.data.name)) throw new SubagentKindError(`${source}: subagent kind name: "${parsed.data.name}" is already taken; choose another name.`);
    this.kinds.set(parsed.data.name, parsed.data);
    return parsed.data;
  }

  get(name: string): SubagentKind | undefined {
    return this.kinds.get(name);
  }

  list(): SubagentKind[] {
    return [...this.kinds.values()];
  }
}
