// The agent's file tools (those whose traits declare a `path` argument) carry the rules of the subfolder
// they touched: the first time a task reads, lists, searches or changes something under a folder with its
// own AGENTS.md, that file's rules follow the tool's result, so the model reads them before it goes on
// working there.
import type { Tool, ToolArguments, ToolRunResult } from '../tools/tool';
import { ToolDecorator } from '../tools/toolDecorator';
import { nestedRulesFor, nestedRulesMessage, type NestedRulesSource } from './nestedRules';

/** One task's rules files already sent, shared by its tools. */
export class TaskNestedRules {
  private readonly sent = new Set<string>();

  constructor(private readonly source: NestedRulesSource) {}

  /** The messages of the rules that apply to `path` and were not sent in this task yet. */
  async newFor(path: string): Promise<string[]> {
    const rules = await nestedRulesFor([path], this.source, (label) => this.sent.has(label));
    for (const rule of rules) this.sent.add(rule.label);
    return rules.map((rule) => nestedRulesMessage(rule).content as string);
  }
}

export class NestedRulesTool extends ToolDecorator {
  constructor(
    inner: Tool,
    private readonly rules: TaskNestedRules,
  ) {
    super(inner);
  }

  async run(args: ToolArguments, signal: AbortSignal): Promise<ToolRunResult> {
    const result = await this.inner.run(args, signal);
    const path = args.value.path;
    if (result.status !== 'done' || typeof path !== 'string') return result;
    const rules = await this.rules.newFor(path);
    return rules.length === 0 ? result : { ...result, content: [result.content, ...rules].join('\n\n---\n') };
  }
}
