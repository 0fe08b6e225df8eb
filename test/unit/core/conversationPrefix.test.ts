// Ask and Agent in one conversation open every request the same way (ground rules, standing
// instructions, the conversation; and, once a task ran, the same tools), so the service's prompt cache,
// which matches a prompt from its start, keeps the prefix when the user switches between them.
import assert from 'node:assert/strict';
import type { ChatRequest } from '../../../src/api/index';
import { ASK_MODE_NOTE, ChatSession } from '../../../src/core/chat/chatSession';
import { GROUND_RULES } from '../../../src/core/chat/groundRules';
import { done, functionDefinition, type Tool } from '../../../src/core/tools/tool';
import { toolTraits } from '../../../src/core/tools/toolTraits';
import { STAND_IN_DISPLAY } from '../../support/registeredTools';
import { ManualClock } from './support/manualClock';
import { delta, type ScriptStep } from './support/scriptedChatClient';
import { emptyToolset, tasksWith } from '../../support/agentTaskBed';
import { requestSettings } from '../../../src/core/requests/requestSettings';

const readTool: Tool = {
  definition: functionDefinition('read_file', 'Reads a file.', { path: { type: 'string', description: 'The file.' } }, ['path']),
  origin: { kind: 'workspace' },
  traits: toolTraits({ readsWorkspace: true, pathArgument: true }),
  display: STAND_IN_DISPLAY,
  run: async () => done('contents'),
};

const reply = (text: string): ScriptStep[] => [delta({ role: 'assistant', content: text }, 0, 'stop')];
const rules = { role: 'system' as const, content: 'Project rules: use tabs.' };

describe('one conversation, Ask and Agent: the same opening in every request', () => {
  it('sends the same first messages and, once a task ran, the same tools in Ask requests, with a note that they cannot be called', async () => {
    const { store, client, tasks } = await tasksWith([reply('Ask one'), reply('Agent one'), reply('Ask two'), reply('Agent two')], { toolset: async () => emptyToolset({ tools: [readTool] }), standingInstructions: async () => rules });
    const session = new ChatSession({ client: () => client, store, clock: new ManualClock(), onEvent: () => undefined, promptCacheKey: async () => 'workspace-key', standingInstructions: async () => rules, tools: (id, model) => tasks.toolsOf(id, model) });
    const settings = { model: 'svc-k2.5', thinking: false, jsonMode: false, choiceCount: 1 };
    const conversation = await store.create('Be brief.');

    await session.send(conversation.id, 'First question', settings);
    await tasks.run(conversation.id, 'First task', { request: settings, maxSteps: 3, systemPrompt: 'Be brief.' });
    await session.send(conversation.id, 'Second question', settings);
    await tasks.run(conversation.id, 'Second task', { request: settings, maxSteps: 3, systemPrompt: 'Be brief.' });

    const [ask1, agent1, ask2, agent2] = client.requests as [ChatRequest, ChatRequest, ChatRequest, ChatRequest];
    const opening = [GROUND_RULES, rules, { role: 'system', content: 'Be brief.' }];
    for (const request of [ask1, agent1, ask2, agent2]) assert.deepEqual(request.messages.slice(0, 3), opening);
    assert.equal(ask1.tools, undefined, 'before any task, Ask offers no tools');
    assert.deepEqual(agent1.tools, [readTool.definition]);
    assert.deepEqual(ask2.tools, agent1.tools, 'after a task, Ask sends the same tool list');
    assert.deepEqual(agent2.tools, agent1.tools);
    // Everything the agent's last request sent is the start of the next Ask request, up to the note.
    assert.deepEqual(ask2.messages.slice(0, agent1.messages.length), agent1.messages);
    assert.deepEqual(ask2.messages.slice(-2), [ASK_MODE_NOTE, { role: 'user', content: 'Second question' }]);
    assert.deepEqual(agent2.messages.slice(0, ask2.messages.length - 2), ask2.messages.slice(0, -2));
  });

  it('leaves the tools out of an Ask request to another model than the task used (its cache is not shared)', async () => {
    const { store, client, tasks } = await tasksWith([reply('Agent one'), reply('Ask on another model')], { toolset: async () => emptyToolset({ tools: [readTool] }) });
    const session = new ChatSession({ client: () => client, store, clock: new ManualClock(), onEvent: () => undefined, tools: (id, model) => tasks.toolsOf(id, model) });
    const conversation = await store.create();
    await tasks.run(conversation.id, 'A task', { request: requestSettings({ model: 'svc-k2.5', thinking: false }), maxSteps: 3, systemPrompt: '' });
    await session.send(conversation.id, 'A question', { model: 'svc-v1-8k', thinking: false, jsonMode: false, choiceCount: 1 });
    const ask = client.requests[1] as ChatRequest;
    assert.equal(ask.tools, undefined);
    assert.ok(!ask.messages.includes(ASK_MODE_NOTE));
    assert.deepEqual(ask.messages[0], GROUND_RULES);
  });
});
