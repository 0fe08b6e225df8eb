import { strict as assert } from 'node:assert';
import { buildChatRequest } from '../../../../src/core/chat/chatRequestBuilder';
import { completionTokenCap, THINKING_COMPLETION_TOKENS } from '../../../../src/core/requests/completionTokenCap';
import { requestSettings } from '../../../../src/core/requests/requestSettings';
import { agentSettingsFrom, agentSettingsProblems } from '../../../../src/extension/agent/agentSettings';
import { DEFAULT_MAX_TASK_TOKENS } from '../../../../src/core/agent/taskBudget';
import { manifestSettings } from '../../../support/manifestSettings';
import { chatSettingsFrom, DEFAULT_MODEL, GLOBAL_BASE_URL, type ChatSettings } from '../../../../src/extension/settings/chatSettings';
import { requestSettingsOf, safetyIdentifierFor } from '../../../../src/extension/settings/requestSettingsOf';
import { settingsProblems } from '../../../../src/extension/settings/settingsProblems';
import { userHooks } from '../../../../src/extension/hooks/hookSources';

/** The settings as the editor would hold them, by name without `svc.`. */
function settingsWith(values: Record<string, unknown>): ReturnType<typeof chatSettingsFrom> {
  return chatSettingsFrom((name) => values[name]);
}

function defaults(overrides: Partial<ChatSettings> = {}): ChatSettings {
  return { ...settingsWith({}).settings, ...overrides };
}

describe('settings rules (no editor)', () => {
  it('gives every setting its default when nothing is set, and nothing to report', () => {
    const { settings, problems } = settingsWith({});
    assert.deepEqual(problems, []);
    assert.equal(settings.baseUrl, GLOBAL_BASE_URL);
    assert.equal(settings.model, DEFAULT_MODEL);
    assert.equal(settings.thinking, true);
    assert.equal(settings.temperature, undefined);
    assert.equal(settings.maxCompletionTokens, undefined, 'unset: the model default');
    assert.equal(settings.choiceCount, 1);
    assert.equal(settings.showReasoning, 'collapsed');
    assert.equal(settings.requestTimeoutSeconds, 600);
    assert.equal(settings.compactionThreshold, 0.8);
    assert.deepEqual(settingsProblems(settings), []);
  });

  it('reads empty (null) as the model default and keeps values of the right kind as they are', () => {
    const { settings, problems } = settingsWith({ temperature: null, maxCompletionTokens: null, model: '  svc-k2-thinking ', alternatives: 3, 'emulator.speed': 20 });
    assert.deepEqual(problems, []);
    assert.equal(settings.temperature, undefined);
    assert.equal(settings.maxCompletionTokens, undefined);
    assert.equal(settings.model, 'svc-k2-thinking');
    assert.equal(settings.choiceCount, 3);
    assert.equal(settings.emulatorSpeed, 20);
  });

  it('reports each value of the wrong kind, naming the setting and what it allows, and uses the default instead', () => {
    const { settings, problems } = settingsWith({ temperature: 'warm', maxCompletionTokens: 0.5, alternatives: 9, showReasoning: 'loud', thinking: 'yes', 'compaction.threshold': 1 });
    assert.deepEqual(problems, [
      'svc.thinking: must be true or false (got "yes")',
      'svc.temperature: must be a number from 0 to 1, or empty (null) for the model\'s default (got "warm")',
      "svc.maxCompletionTokens: must be a whole number of tokens of at least 1, or empty (null) for the model's default (got 0.5)",
      'svc.alternatives: must be a whole number from 1 to 5 (got 9)',
      'svc.showReasoning: must be "expanded", "collapsed", "hidden" (got "loud")',
      'svc.compaction.threshold: must be a number from 0 (off) to 0.99 (got 1)',
    ]);
    assert.equal(settings.temperature, undefined);
    assert.equal(settings.choiceCount, 1);
    assert.equal(settings.thinking, true);
  });

  it('reports an out-of-range temperature under the default model, whose temperature is fixed', () => {
    const problems = settingsProblems(defaults({ temperature: 1.5 }));
    assert.deepEqual(problems, ["svc.temperature: must be a number from 0 to 1, or empty (null) for the model's default (got 1.5)"]);
  });

  it('reports an out-of-range temperature once under a model that takes it too', () => {
    const problems = settingsProblems(defaults({ model: 'svc-k2-turbo-preview', temperature: -1 }));
    assert.deepEqual(problems, ["svc.temperature: must be a number from 0 to 1, or empty (null) for the model's default (got -1)"]);
  });

  it('accepts a temperature in range under the default model (it is not sent there) and names what that model refuses', () => {
    assert.deepEqual(settingsProblems(defaults({ temperature: 0.7 })), []);
    const problems = settingsProblems(defaults({ choiceCount: 2 }));
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /^svc\.alternatives: cannot be changed for svc-k2\.5: it is fixed at 1/);
  });

  it('checks the rules of the model in effect: a default temperature of 0 refuses alternatives unless a temperature is set', () => {
    assert.deepEqual(settingsProblems(defaults({ model: 'svc-v1-8k', choiceCount: 2 })).map((p) => p.split(':')[0]), ['svc.alternatives']);
    assert.deepEqual(settingsProblems(defaults({ model: 'svc-v1-8k', choiceCount: 2, temperature: 0.5 })), []);
  });

  it('names an address that would send the key in the clear', () => {
    assert.match(settingsProblems(defaults({ baseUrl: 'http://api.svc.example/v1' }))[0] ?? '', /^svc\.baseUrl: must start with https:\/\//);
  });

  it('makes one request shape for chat and agent: the composer\'s choices win, the temperature and limit come along', () => {
    const settings = defaults({ temperature: 0.4, maxCompletionTokens: 3000, safetyIdentifier: true });
    const request = requestSettingsOf(settings, { machineId: 'machine-1', choices: { model: 'svc-k2-turbo-preview', choiceCount: 2 } });
    assert.deepEqual(request, {
      model: 'svc-k2-turbo-preview',
      thinking: true,
      jsonMode: false,
      choiceCount: 2,
      temperature: 0.4,
      maxCompletionTokens: 3000,
      safetyIdentifier: safetyIdentifierFor('machine-1'),
    });
    assert.equal(requestSettingsOf(defaults(), { machineId: 'machine-1' }).safetyIdentifier, undefined, 'only when the user opted in');
  });

  it('reads the agent settings from the same values, falling back where a value is wrong', () => {
    const agent = agentSettingsFrom((name) => ({ 'agent.maxSteps': 0, 'agent.autoApproveEdits': 'yes', 'agent.protectedFiles': ['*.db', 3] })[name]);
    assert.equal(agent.maxSteps, 25);
    assert.equal(agent.autoApproveEdits, false);
    assert.deepEqual(agent.protectedFiles, ['*.db']);
  });

  it('reports each wrong agent setting, naming it and what it allows', () => {
    const values: Record<string, unknown> = { 'agent.maxSteps': 0, 'agent.autoApproveEdits': 'yes', 'agent.protectedFiles': ['*.db', 3], 'agent.formulas': { 'web-search': true, 'web-serch': true } };
    const problems = agentSettingsProblems((name) => values[name]);
    assert.deepEqual(problems.map((p) => p.split(':')[0]), ['svc.agent.maxSteps', 'svc.agent.autoApproveEdits', 'svc.agent.formulas', 'svc.agent.protectedFiles']);
    assert.match(problems[0] ?? '', /must be a whole number of steps of at least 1 \(got 0\)/);
    assert.match(problems[2] ?? '', /the names being convert, web-search/);
    assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.maxSteps': 40, 'agent.formulas': { 'web-search': true } })[name]), []);
  });

  it('takes the task token limit as 0 (no limit) or a whole number of tokens, naming the setting and what it allows otherwise', () => {
    assert.equal(agentSettingsFrom(() => undefined).maxTaskTokens, DEFAULT_MAX_TASK_TOKENS);
    assert.equal(DEFAULT_MAX_TASK_TOKENS, 5_000_000);
    for (const good of [0, 1, 2_000_000]) {
      assert.equal(agentSettingsFrom((name) => ({ 'agent.maxTaskTokens': good })[name]).maxTaskTokens, good);
      assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.maxTaskTokens': good })[name]), []);
    }
    for (const wrong of [-1, 2.5, '2000000', null, 1e20]) {
      assert.equal(agentSettingsFrom((name) => ({ 'agent.maxTaskTokens': wrong })[name]).maxTaskTokens, DEFAULT_MAX_TASK_TOKENS, String(wrong));
      assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.maxTaskTokens': wrong })[name]), [`svc.agent.maxTaskTokens: must be a whole number of tokens, or 0 for no limit (got ${JSON.stringify(wrong)})`]);
    }
    const declared = manifestSettings()['svc.agent.maxTaskTokens'];
    assert.equal(declared?.default, DEFAULT_MAX_TASK_TOKENS);
    assert.equal(declared?.minimum, 0);
    assert.equal(declared?.scope, 'application', "a workspace's value is ignored: a repository cannot lift or switch off the limit");
  });

  it('takes the background task limit from 1 to 8, naming the setting and the range otherwise', () => {
    for (const wrong of [0, 9, 2.5, '3']) {
      assert.equal(agentSettingsFrom((name) => ({ 'agent.backgroundTasks.limit': wrong })[name]).backgroundTaskLimit, 2);
      assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.backgroundTasks.limit': wrong })[name]), [`svc.agent.backgroundTasks.limit: must be a whole number of tasks from 1 to 8 (got ${JSON.stringify(wrong)})`]);
    }
    assert.equal(agentSettingsFrom((name) => ({ 'agent.backgroundTasks.limit': 4 })[name]).backgroundTaskLimit, 4);
    assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.backgroundTasks.limit': 8 })[name]), []);
  });
});

describe('the reply length a model gets when none is set', () => {
  it('gives thinking models what the service recommends, and leaves the others to the service', () => {
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-k2-thinking' })), THINKING_COMPLETION_TOKENS);
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-k2.5' })), THINKING_COMPLETION_TOKENS);
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-k2.5', thinking: false })), undefined);
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-v1-8k' })), undefined);
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-v1-8k' }), 4096), 4096);
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-v1-8k' }), 8192), 4096, 'at most half the context');
    assert.equal(completionTokenCap(requestSettings({ model: 'svc-k2-thinking', maxCompletionTokens: 1024 })), 1024, "the user's limit wins");
  });

  it('puts the limit in the chat request', () => {
    const message = [{ role: 'user' as const, content: 'Hi' }];
    assert.equal(buildChatRequest(message, requestSettings({ model: 'svc-k2-thinking' }), 'k').max_completion_tokens, THINKING_COMPLETION_TOKENS);
    assert.equal(buildChatRequest(message, requestSettings({ model: 'svc-v1-8k' }), 'k').max_completion_tokens, undefined);
  });
});

describe('the svc.hooks setting', () => {
  it('refuses a bad hook naming its field and what is allowed, keeps the good ones, and its default has no problem', () => {
    assert.deepEqual(userHooks({}), { hooks: [], problems: [] });
    assert.deepEqual(userHooks(undefined), { hooks: [], problems: [] });
    const read = userHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'ok' }, { type: 'command', timeout: 5 }] }] });
    assert.deepEqual(read.hooks.map((h) => h.command), ['ok']);
    assert.deepEqual(read.problems, ['svc.hooks.PreToolUse[0].hooks[1].command: must be a non-empty string']);
  });
});
