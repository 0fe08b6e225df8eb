// The agent's features (dist/agentFeatures.js) load on first use: before that their commands are stand-ins
// and the chat controller is told there is no task. `vscode` here is a stand-in command registry that
// refuses a second registration of a command, as VS Code does.
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import type * as LazyAgentFeaturesModule from '../../../src/extension/agent/lazyAgentFeatures';
import type { AgentFeatures } from '../../../src/extension/agent/registerAgentFeatures';
import { CommandRegistryStandIn, Disposable, installVscodeStandIn } from '../../support/vscodeStandIn';

const commandRegistry = new CommandRegistryStandIn();
const registered = commandRegistry.registered;

/** Features whose commands answer with their name and arguments, and whose controller records what it was asked. */
function fakeFeatures(commands: readonly string[], calls: string[]): (release: () => void) => Promise<AgentFeatures> {
  return async (release) => {
    release();
    for (const command of commands) commandRegistry.registerCommand(command, (...args) => `${command} ran with ${JSON.stringify(args)}`);
    const controller = {
      toolsOf: () => [{ type: 'function', function: { name: 'read_file', parameters: {} } }],
      viewReady: () => calls.push('viewReady'),
      stop: (conversationId: string) => conversationId === 'c1',
      onDidChangeActivity: () => new Disposable(() => undefined),
      run: async (_conversationId: string | null, task: string) => void calls.push(`run ${task}`),
      handlers: () => ({ runAgentTask: (message: { text: string }) => `ran ${message.text}` }),
    };
    const testApi = { onApprovalRequest: () => new Disposable(() => undefined), tasks: () => [], answerApproval: () => true };
    const background = {
      tasks: { stopConversation: (conversationId: string) => conversationId === 'bc1' },
      handlers: () => ({ startBackgroundTask: (message: { text: string }) => `started ${message.text}` }),
    };
    return { controller, testApi, review: {}, background } as unknown as AgentFeatures;
  };
}

describe('the agent features load on first use', () => {
  let uninstall: () => void;
  let lazy: typeof LazyAgentFeaturesModule;

  before(() => {
    uninstall = installVscodeStandIn({ commands: commandRegistry });
    lazy = Module.createRequire(__filename)('../../../src/extension/agent/lazyAgentFeatures') as typeof LazyAgentFeaturesModule;
  });

  after(() => {
    uninstall();
  });

  afterEach(() => {
    registered.clear();
  });

  it('has a stand-in for exactly the commands the features register', () => {
    const root = path.join(__dirname, '..', '..', '..', 'src', 'extension');
    const files = ['agent/registerAgentFeatures.ts', 'agentReview/registerAgentReview.ts', 'inlineEdit/registerInlineEdit.ts', 'worktrees/registerBackgroundTasks.ts'];
    const commands = files.flatMap((file) => [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]));
    assert.ok(commands.length >= 19, `found ${commands.length} commands`);
    assert.deepEqual([...lazy.AGENT_FEATURE_COMMANDS].sort(), commands.sort());
  });

  it('answers the chat controller without loading anything until something asks for a feature', async () => {
    let starts = 0;
    const features = new lazy.LazyAgentFeatures(async () => {
      starts += 1;
      throw new Error('must not load');
    });
    assert.deepEqual(features.toolsOf('c1', 'svc-chat'), []);
    assert.equal(features.stop('c1'), false);
    features.viewReady();
    assert.deepEqual(features.testApi().tasks(), []);
    assert.equal(features.testApi().answerApproval('r1', 'approve'), false);
    await features.testApi().whenIdle();
    assert.equal(starts, 0);
  });

  it('a command loads the features once, then runs the real command with the same arguments', async () => {
    const calls: string[] = [];
    let starts = 0;
    const start = fakeFeatures(lazy.AGENT_FEATURE_COMMANDS, calls);
    const features = new lazy.LazyAgentFeatures((release) => {
      starts += 1;
      return start(release);
    });
    features.registerCommandStubs();
    assert.deepEqual([...registered.keys()].sort(), [...lazy.AGENT_FEATURE_COMMANDS].sort());
    const result = await commandRegistry.executeCommand('svc.inlineEdit.fix', 'file:///a.ts', 1, 2, 'fix it');
    assert.equal(result, 'svc.inlineEdit.fix ran with ["file:///a.ts",1,2,"fix it"]');
    assert.equal(await commandRegistry.executeCommand('svc.agentReview.open'), 'svc.agentReview.open ran with []');
    assert.equal(starts, 1);
    assert.deepEqual(features.toolsOf('c1', 'svc-chat').map((t) => t.function.name), ['read_file']);
    assert.equal(features.stop('c1'), true);
    assert.equal(features.stop('bc1'), true, 'a background task\'s conversation stops its task');
    assert.equal(features.stop('c9'), false);
    features.viewReady();
    assert.deepEqual(calls, ['viewReady']);
  });

  it("the view's agent messages load the features and reach the controller", async () => {
    const calls: string[] = [];
    const features = new lazy.LazyAgentFeatures(fakeFeatures([], calls));
    const handlers = features.handlers();
    assert.deepEqual(Object.keys(handlers).sort(), ['approvalAnswer', 'approvePlan', 'openAgentDiff', 'openAgentReview', 'rejectPlan', 'runAgentTask', 'startBackgroundTask', 'stopProcess', 'undoAgentTask']);
    assert.equal(await handlers.runAgentTask({ type: 'runAgentTask', conversationId: 'c1', text: 'fix the tests' } as Parameters<typeof handlers.runAgentTask>[0]), 'ran fix the tests');
    assert.equal(await handlers.startBackgroundTask({ type: 'startBackgroundTask', text: 'port the parser' } as Parameters<typeof handlers.startBackgroundTask>[0]), 'started port the parser');
    await features.run(null, 'demo task');
    assert.deepEqual(calls, ['run demo task']);
  });

  it('a failed load is tried again on the next use', async () => {
    let starts = 0;
    const start = fakeFeatures([], []);
    const features = new lazy.LazyAgentFeatures(async (release) => {
      starts += 1;
      if (starts === 1) throw new Error('dist/agentFeatures.js could not be read');
      return start(release);
    });
    await assert.rejects(features.load(), /could not be read/);
    await features.load();
    assert.equal(starts, 2);
  });
});
