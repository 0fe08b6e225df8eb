import { strict as assert } from 'node:assert';
import { englishText, useTranslator } from '../../../../src/core/l10n';
import { agentSettingsProblems } from '../../../../src/extension/agent/agentSettings';
import { chatSettingsFrom } from '../../../../src/extension/settings/chatSettings';
import { baseUrlProblem, settingsProblems } from '../../../../src/extension/settings/settingsProblems';

/** A translator that marks what went through it: «message» with the placeholders filled. */
const marking = (message: string, args: ReadonlyArray<string | number>): string => `«${englishText(message, args)}»`;

describe('settings warnings in the display language', () => {
  afterEach(() => useTranslator(englishText));

  it('says each refused value through the translator, the setting id and the value kept as written', () => {
    useTranslator(marking);
    const { problems } = chatSettingsFrom((name) => ({ thinking: 'yes', temperature: 'warm' })[name]);
    assert.deepEqual(problems, [
      '«svc.thinking: must be «true or false» (got "yes")»',
      '«svc.temperature: must be ««a number from 0 to 1», or empty (null) for the model\'s default» (got "warm")»',
    ]);
  });

  it('says the model rules and the address rules through the translator', () => {
    useTranslator(marking);
    const settings = chatSettingsFrom(() => undefined).settings;
    assert.deepEqual(settingsProblems({ ...settings, temperature: 1.5 }), [
      "«svc.temperature: must be a number from 0 to 1, or empty (null) for the model's default (got 1.5)»",
    ]);
    const [alternatives] = settingsProblems({ ...settings, model: 'svc-v1-8k', choiceCount: 2 });
    assert.match(alternatives ?? '', /^svc\.alternatives: «must be 1 when temperature is near 0 \(the default temperature of svc-v1-8k is [\d.]+\)»$/, "the service's rule said through the translator, the setting named");
    assert.equal(baseUrlProblem('http://api.svc.example/v1'), '«svc.baseUrl: must start with https:// (http:// only for 127.0.0.1, localhost or [::1]); got http://api.svc.example»');
  });

  it("says the agent's refused settings through the translator", () => {
    useTranslator(marking);
    assert.deepEqual(agentSettingsProblems((name) => ({ 'agent.maxSteps': 0 })[name]), ['«svc.agent.maxSteps: must be «a whole number of steps of at least 1» (got 0)»']);
  });
});
