// The workspace's and the user's skills and prompt files in the `/` list, run from it; and a customization
// file with a problem among the rules chips.
import assert from 'node:assert/strict';
import type { HostMessage } from '../../src/shared/protocol';
import type { WebviewCase } from './webviewCase';

const COMMANDS: HostMessage = {
  type: 'customCommands',
  commands: [
    { name: 'pdf-forms', kind: 'skill', description: 'Fill PDF forms', origin: '.github/skills' },
    { name: 'review', kind: 'prompt', description: 'Review a file', origin: '.github/prompts', argumentHint: '<file>' },
    { name: 'new', kind: 'prompt', description: 'A file taking a built-in name', origin: '.claude/commands' },
  ],
};

export const customCommandCases: WebviewCase[] = [
  {
    name: 'the host\'s skills and prompt files follow the built-in commands in the / list with description and origin; running one posts it with the mode picked; a built-in name stays built-in',
    page: 'strict',
    async run(chat) {
      await chat.send(COMMANDS);
      const input = chat.page.locator('[data-testid="composer-input"]');
      const list = chat.page.locator('[data-testid="completion-list"]');
      const labels = () => chat.page.locator('[data-testid="completion-item"] .completion-label').allTextContents();
      await input.click();
      await input.pressSequentially('/');
      await list.waitFor();
      const all = await labels();
      assert.deepEqual(all.slice(-2), [' /pdf-forms', ' /review <file>']);
      assert.equal(all.filter((l) => l === ' /new').length, 1, 'the file named "new" is not offered: /new is the built-in');
      await input.pressSequentially('re');
      assert.deepEqual(await labels(), [' /review <file>']);
      assert.deepEqual(await chat.page.locator('[data-testid="completion-item"] .completion-detail').allTextContents(), [' Review a file (.github/prompts)']);
      await input.press('Tab');
      await input.pressSequentially('src/app.ts');
      await input.press('Enter');
      const posted = await chat.waitForPosted('runCustomCommand');
      assert.equal(posted.name, 'review');
      assert.equal(posted.argument, 'src/app.ts');
      assert.equal(posted.mode, 'ask');
      assert.equal(await input.inputValue(), '', 'the command was consumed');
      await input.fill('/pdf-forms');
      await input.press('Escape');
      await input.press('Enter');
      const skill = await chat.waitForPosted('runCustomCommand', 2);
      assert.equal(skill.name, 'pdf-forms');
      assert.equal(skill.argument, '');
      await input.fill('/unknown-thing please');
      await input.press('Enter');
      const sent = await chat.waitForPosted('send');
      assert.equal(sent.text, '/unknown-thing please', 'a name nothing defines is an ordinary message');
    },
  },
  {
    name: 'a customization file with a problem shows marked among the rules chips, with what is wrong in its title',
    page: 'strict',
    async run(chat) {
      await chat.send({
        type: 'rules',
        rules: [
          { label: 'CLAUDE.md', path: '/ws/CLAUDE.md', scope: 'workspace' },
          { label: '.github/skills/bad/SKILL.md', path: '/ws/.github/skills/bad/SKILL.md', scope: 'workspace', warning: 'description: is required' },
        ],
      });
      const chips = chat.page.locator('[data-testid="rules-chip"]');
      await chips.nth(1).waitFor();
      assert.deepEqual(await chips.allTextContents(), ['CLAUDE.md', '⚠ .github/skills/bad/SKILL.md']);
      assert.equal(await chips.nth(1).getAttribute('title'), '.github/skills/bad/SKILL.md: description: is required (click to open)');
      assert.match((await chips.nth(1).getAttribute('class')) ?? '', /rules-chip-warning/);
      await chips.nth(1).click();
      assert.deepEqual(await chat.waitForPosted('openRules'), { type: 'openRules', path: '/ws/.github/skills/bad/SKILL.md' });
    },
  },
];
