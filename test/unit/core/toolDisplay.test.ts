// Every tool declares how its calls show (toolDisplay.ts): a kind the view has a card for, and its phrases
// in English and in Simplified Chinese (the real bundle); a call's card records them when the call starts,
// so the view needs no list of tool names.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { AgentTranscript } from '../../../src/core/agent/agentTranscript';
import type { AgentEvent } from '../../../src/core/agent/agentEvents';
import { runToolCalls } from '../../../src/core/agent/toolCallRunner';
import { ToolCardSchema } from '../../../src/core/conversations/conversationParts';
import { savedCardDisplay } from '../../../src/core/conversations/savedToolDisplays';
import { englishText, useTranslator } from '../../../src/core/l10n';
import { cardDisplay, TOOL_KINDS, type ToolCardDisplay } from '../../../src/core/tools/toolDisplay';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { registeredTools } from '../../support/registeredTools';

const ZH_CN = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

/** The Chinese bundle as the host's translator uses it; a phrase it does not hold is an error, not English. */
function chinese(message: string, args: ReadonlyArray<string | number>): string {
  const template = ZH_CN[message];
  if (template === undefined) throw new Error(`No Chinese translation of "${message}"`);
  return englishText(template, args);
}

function phrasesOf(display: ToolCardDisplay): string[] {
  return [display.running, display.done, ...(display.found ? [display.found.one, display.found.many] : [])];
}

describe('how each tool shows', () => {
  afterEach(() => useTranslator(englishText));

  it('every registered tool declares a kind the view knows and phrases that name its subject', () => {
    const tools = registeredTools();
    assert.ok(tools.length >= 14, `the whole set: ${tools.length}`);
    for (const tool of tools) {
      const name = tool.definition.function.name;
      const display = cardDisplay(tool.display);
      assert.ok((TOOL_KINDS as readonly string[]).includes(display.kind), `${name}: kind ${display.kind}`);
      for (const phrase of phrasesOf(display)) assert.notEqual(phrase.trim(), '', `${name}: an empty phrase`);
      const argumentNames = Object.keys(tool.definition.function.parameters?.properties ?? {});
      if (display.subject !== undefined) {
        assert.ok(argumentNames.includes(display.subject), `${name}: its subject ${display.subject} is one of its arguments ${argumentNames.join(', ')}`);
        assert.ok(display.running.includes('{0}') && display.done.includes('{0}'), `${name}: its phrases place the subject`);
      } else {
        assert.ok(!display.running.includes('{0}') && !display.done.includes('{0}'), `${name}: no subject to place`);
      }
    }
  });

  it('every phrase is translated into Simplified Chinese, looked up when the call starts, with its placeholder kept', () => {
    const english = registeredTools().map((t) => cardDisplay(t.display));
    useTranslator(chinese);
    const translated = registeredTools().map((t) => cardDisplay(t.display));
    for (const [i, display] of translated.entries()) {
      const before = english[i] as ToolCardDisplay;
      assert.equal(display.kind, before.kind);
      for (const [j, phrase] of phrasesOf(display).entries()) {
        const source = phrasesOf(before)[j] as string;
        assert.notEqual(phrase.trim(), '', `${source}: empty in Chinese`);
        assert.notEqual(phrase, source, `${source}: not translated`);
        assert.equal(phrase.includes('{0}'), source.includes('{0}'), `${source} → ${phrase}: the placeholder`);
      }
    }
  });

  it("a call's card records its tool's kind and phrases as the call starts; a call of no tool has none", async () => {
    const registry = new ToolRegistry(registeredTools());
    const events: AgentEvent[] = [];
    const transcript = new AgentTranscript({ taskId: 'task-1', model: 'svc-k2', now: () => 1, newId: (() => { let n = 0; return () => `e${++n}`; })() });
    const emit = (event: AgentEvent): void => {
      events.push(event);
      transcript.apply(event);
    };
    transcript.apply({ type: 'step_started', step: 1 });
    await runToolCalls(
      [
        { id: 'c1', type: 'function', function: { name: 'list_processes', arguments: '{}' } },
        { id: 'c2', type: 'function', function: { name: 'no_such_tool', arguments: '{}' } },
      ],
      { registry, step: 1, concurrency: 1, signal: new AbortController().signal, emit, now: () => 1 },
    );
    const cards = transcript.live().flatMap((e) => (e.role === 'tool' && e.card ? [e.card] : []));
    assert.deepEqual(cards[0]?.display, { kind: 'process', running: 'Listing processes', done: 'Listed processes' });
    assert.equal(cards[1]?.display, undefined, 'an unknown tool declares nothing: the view shows its generic card');
    assert.deepEqual(ToolCardSchema.parse(cards[0]), cards[0], 'the card is saved with its display');
    assert.equal(ToolCardSchema.safeParse({ ...cards[0], display: { ...cards[0]?.display, kind: 'teleport' } }).success, false, 'a kind the view has no card for is refused');
    assert.equal(events.filter((e) => e.type === 'tool_call_started').length, 2);
  });
  it('a card saved before the declarations shows as its tool declares now', () => {
    const saved = registeredTools().flatMap((tool) => {
      const display = savedCardDisplay(tool.definition.function.name);
      if (display) assert.deepEqual(display, cardDisplay(tool.display), tool.definition.function.name);
      return display ? [tool.definition.function.name] : [];
    });
    assert.deepEqual(saved.sort(), ['edit_file', 'find_files', 'list_files', 'read_file', 'run_command', 'search_text', 'update_plan', 'write_file']);
  });
});
