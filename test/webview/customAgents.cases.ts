// The workspace's and the user's custom agents in the mode picker, after Ask, Plan and Agent: picking one
// runs its task and the / prompt files run meanwhile; a task started as one shows it picked; an agent that goes away leaves the picker on Ask.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../src/shared/protocol';
import type { WebviewCase } from './webviewCase';

const AGENTS: HostMessage = {
  type: 'customAgents',
  agents: [
    { name: 'reviewer', description: 'Reviews changes without editing', origin: '.github/agents' },
    { name: 'Doc Writer', description: '', origin: '~/.claude/agents' },
  ],
};

export const customAgentCases: WebviewCase[] = [
  {
    name: 'custom agents follow the built-in modes in the picker with their description; picking one runs its task and its / prompt files; a task started as one shows it; a removed one leaves Ask',
    page: 'strict',
    async run(chat) {
      await chat.send(AGENTS);
      const picker = chat.page.locator('[data-testid="mode-picker"]');
      const options = await picker.locator('option').evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent, o.getAttribute('title'), o.parentElement?.tagName === 'OPTGROUP' ? o.parentElement.getAttribute('label') : null]));
      assert.deepEqual(options, [
        ['ask', 'Ask', null, null],
        ['plan', 'Plan', null, null],
        ['agent', 'Agent', null, null],
        ['background', 'Run in background', 'An agent task in a git worktree of its own; nothing reaches your folder until you apply it', null],
        ['custom-agent:reviewer', 'reviewer', 'Reviews changes without editing (.github/agents)', 'Custom agents'],
        ['custom-agent:Doc Writer', 'Doc Writer', '~/.claude/agents', 'Custom agents'],
      ]);
      await picker.selectOption('custom-agent:reviewer');
      const input = chat.page.locator('[data-testid="composer-input"]');
      await input.fill('review src/app.ts');
      await input.press('Enter');
      const posted = await chat.waitForPosted('runAgentTask');
      assert.equal(posted.agent, 'reviewer');
      assert.equal(posted.text, 'review src/app.ts');
      assert.equal(posted.mode, undefined, 'a custom agent is no plan');
      // A prompt file run from / while the agent is picked runs as that agent, not as the plain Agent.
      await chat.send({ type: 'customCommands', commands: [{ name: 'typos', kind: 'prompt', description: 'Fix typos', origin: '.github/prompts' }] });
      await input.fill('/typos README.md');
      await input.press('Escape');
      await input.press('Enter');
      const command = await chat.waitForPosted('runCustomCommand');
      assert.deepEqual([command.name, command.argument, command.mode, command.agent], ['typos', 'README.md', 'agent', 'reviewer']);
      await chat.send({ type: 'taskMode', mode: 'agent', agent: 'Doc Writer' });
      assert.equal(await picker.inputValue(), 'custom-agent:Doc Writer', 'the picker shows the agent the task runs as');
      await chat.send({ type: 'customAgents', agents: [{ name: 'reviewer', description: 'Reviews changes without editing', origin: '.github/agents' }] });
      assert.equal(await picker.inputValue(), 'ask', 'a message meant for an agent that is gone does not run with every tool');
      await chat.send({ type: 'customAgents', agents: [] });
      assert.equal(await picker.locator('optgroup').count(), 0);
    },
  },
];
