// `/name` of a prompt file or skill, as the host runs it: in the composer's mode unless the file names
// one, and as an agent task under the custom agent picked in the mode picker (its instructions and only
// its tools come with the agent's name), never as the plain Agent. `vscode` here is a stand-in with
// what the handlers use: l10n.
import { strict as assert } from 'node:assert';
import Module from 'node:module';
import type { Customization, PromptDetails } from '../../../src/core/customizations/customization';
import type * as HandlersModule from '../../../src/extension/customizations/customCommandHandlers';
import type { SendOptions, WebviewMessageOf } from '../../../src/shared/protocol';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };
const vscodeStandIn = { l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) } };

const options: SendOptions = { model: 'svc-k2.5', thinking: false, jsonMode: false, choiceCount: 1 };

function prompt(name: string, details: Omit<PromptDetails, 'kind'>): Customization {
  return { kind: 'prompt', name, file: `/ws/.github/prompts/${name}.prompt.md`, label: `.github/prompts/${name}.prompt.md`, origin: { scope: 'workspace', location: '.github/prompts' }, hiddenCharacters: 0, validity: { state: 'applies' }, details: { kind: 'prompt', ...details } };
}

const skill: Customization = {
  kind: 'skill',
  name: 'release-notes',
  file: '/ws/.github/skills/release-notes/SKILL.md',
  label: '.github/skills/release-notes/SKILL.md',
  origin: { scope: 'workspace', location: '.github/skills' },
  hiddenCharacters: 0,
  validity: { state: 'applies' },
  details: { kind: 'skill', folder: '/ws/.github/skills/release-notes', body: 'Read the changes since the last tag.' },
};

const ITEMS = [prompt('typos', { body: 'Fix the typos in $ARGUMENTS.' }), prompt('ask-only', { body: 'Explain $ARGUMENTS.', mode: 'ask' }), prompt('planned', { body: 'Plan $ARGUMENTS.', mode: 'plan' }), prompt('as-agent', { body: 'Tidy $ARGUMENTS.', mode: 'agent' }), skill];

describe('/ commands of prompt files and skills (host side)', () => {
  const original = loader._load;
  let handlers: typeof HandlersModule;

  before(() => {
    loader._load = function load(this: unknown, request, parent, isMain) {
      return request === 'vscode' ? vscodeStandIn : original.call(this, request, parent, isMain);
    };
    handlers = Module.createRequire(__filename)('../../../src/extension/customizations/customCommandHandlers') as typeof HandlersModule;
  });

  after(() => {
    loader._load = original;
  });

  function made() {
    const tasks: WebviewMessageOf<'runAgentTask'>[] = [];
    const sent: string[] = [];
    const group = handlers.customCommandHandlers({
      items: async () => ITEMS,
      send: async (_conversationId, text) => sent.push(text),
      runTask: (message) => tasks.push(message),
      askInput: async () => undefined,
      post: () => undefined,
    });
    const run = (name: string, argument: string, mode: 'ask' | 'agent' | 'plan', agent?: string) =>
      group.runCustomCommand({ type: 'runCustomCommand', conversationId: 'c1', name, argument, options, mode, ...(agent !== undefined ? { agent } : {}) });
    return { run, tasks, sent };
  }

  it('runs a prompt file and a skill as the custom agent picked in the mode picker', async () => {
    const { run, tasks } = made();
    await run('typos', 'README.md', 'agent', 'reviewer');
    await run('as-agent', 'src', 'agent', 'reviewer');
    await run('release-notes', 'for v1.3', 'agent', 'reviewer');
    assert.deepEqual(
      tasks.map((t) => [t.text.split('\n')[0], t.agent, t.mode]),
      [
        ['Fix the typos in README.md.', 'reviewer', undefined],
        ['Tidy src.', 'reviewer', undefined],
        ['for v1.3', 'reviewer', undefined],
      ],
    );
  });

  it('without a custom agent picked, runs as the plain Agent; a prompt file that asks for Ask or Plan gets it, with no agent', async () => {
    const { run, tasks, sent } = made();
    await run('typos', 'README.md', 'agent');
    await run('ask-only', 'the parser', 'agent', 'reviewer');
    await run('planned', 'the release', 'agent', 'reviewer');
    assert.deepEqual(sent, ['Explain the parser.']);
    assert.deepEqual(
      tasks.map((t) => [t.text, 'agent' in t ? t.agent : 'none', t.mode]),
      [
        ['Fix the typos in README.md.', 'none', undefined],
        ['Plan the release.', 'none', 'plan'],
      ],
    );
  });

  it('refuses a name that is no longer a prompt file or skill, naming it', async () => {
    const { run, tasks } = made();
    await assert.rejects(async () => run('gone', '', 'agent', 'reviewer'), /\/gone is no longer a skill or prompt file of this window\./);
    assert.equal(tasks.length, 0);
  });
});
