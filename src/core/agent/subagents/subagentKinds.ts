// The kinds of subagent a task can start, by name. Built-in kinds come first; kinds from elsewhere (the
// user's agent files) are added through `add`, which checks them with the same schema and refuses a name
// already taken, naming where the kind came from and the field at fault. The built-in kinds are described
// in run_subagent's definition; the added ones are looked up on demand, so installing agents costs no tokens.
import { kindName, SubagentKindError, SubagentKindSchema, type SubagentKind } from './subagentKind';
import { BUILTIN_SUBAGENTS } from './builtinSubagents';

/** A name is taken once, so a kind with a built-in's name is that built-in. */
const isBuiltin = (kind: SubagentKind): boolean => BUILTIN_SUBAGENTS.some((builtin) => builtin.name === kind.name);

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

  /** The kind `name` means: its exact name, or an agent's own name as the user wrote it ("Doc Writer"). */
  find(name: string): SubagentKind | undefined {
    return this.kinds.get(name) ?? this.kinds.get(kindName(name));
  }

  list(): SubagentKind[] {
    return [...this.kinds.values()];
  }

  /** The kinds every task has, named in run_subagent's definition. */
  builtins(): SubagentKind[] {
    return this.list().filter(isBuiltin);
  }

  /** The kinds added from the user's agent files, listed only when the model asks for them. */
  installed(): SubagentKind[] {
    return this.list().filter((kind) => !isBuiltin(kind));
  }
}
