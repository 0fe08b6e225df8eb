// Turning a customization off for a workspace: the switch is kept in the workspace's state (a real file
// store standing in for it), survives a new window, and the item stops counting everywhere: the
// request's standing instructions, the `/` list, the skill list, and for a hook, its run.
import assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { listCatalogue, listHooks, listRules } from '../../../../src/core/customizations/customizationList';
import { CustomizationCatalog } from '../../../../src/core/customizations/customizationCatalog';
import { customizationKey, DisabledCustomizations, hookKey, rulesKey } from '../../../../src/core/customizations/disabledCustomizations';
import { instructionRules, standingMessage } from '../../../../src/core/customizations/standingCustomizations';
import { usableSkills } from '../../../../src/core/customizations/skillCatalogue';
import { customCommandsMessage } from '../../../../src/extension/customizations/customCommandList';
import { nodeCustomizationFiles } from '../../../../src/extension/customizations/nodeCustomizationFiles';
import { FileKeyValueStorage } from '../../../../src/extension/fileKeyValueStorage';
import { userHooks } from '../../../../src/extension/hooks/hookSources';
import { exists, hookBed, oneHook } from '../../../support/hookBed';
import { customizationBed, skillText, type CustomizationBed } from './customizationBed';

describe('turning customizations off and on in a workspace', () => {
  let bed: CustomizationBed;
  let state: string;
  let switches: DisabledCustomizations;
  beforeEach(async () => {
    bed = await customizationBed();
    state = path.join(bed.root, 'workspace-state');
    switches = new DisabledCustomizations(new FileKeyValueStorage(state));
    // The catalogue reads the switches as the extension's does: from the store, at each use.
    bed.catalog = new CustomizationCatalog({ workspaceFolders: () => [{ name: 'ws', path: bed.workspace }], home: () => bed.home, trusted: () => bed.trusted, disabled: () => switches.keys() }, nodeCustomizationFiles);
  });
  afterEach(() => bed.remove());

  const commandNames = async () => {
    const message = customCommandsMessage(await bed.catalog.items());
    return message.type === 'customCommands' ? message.commands.map((c) => c.name) : [];
  };

  it('a skill turned off leaves the request, the / list and the skill tool, stays off in a new window, and comes back when turned on', async () => {
    await bed.write('.github/skills/review/SKILL.md', skillText('review', 'Reviews a change.'));
    await bed.write('.github/prompts/ship.prompt.md', '---\ndescription: Ships it\n---\nShip $ARGUMENTS');
    const skill = await bed.item('.github/skills/review/SKILL.md');
    assert.deepEqual(await commandNames(), ['review', 'ship']);
    assert.match(JSON.stringify(standingMessage([], await bed.catalog.items())), /review \(workspace\): Reviews a change/);

    await switches.set(customizationKey(skill), 'off');
    const again = new DisabledCustomizations(new FileKeyValueStorage(state));
    assert.deepEqual([...(await again.keys())], [customizationKey(skill)], 'kept in the store, read by a new window');
    assert.equal((await bed.item('.github/skills/review/SKILL.md')).validity.state, 'disabled');
    assert.deepEqual(await commandNames(), ['ship'], 'not offered after /');
    assert.deepEqual(usableSkills(await bed.catalog.items()), [], 'not listed for use_skill');
    assert.equal(standingMessage([], await bed.catalog.items()), undefined, 'not in the request');

    await again.set(customizationKey(skill), 'on');
    assert.deepEqual(await commandNames(), ['review', 'ship']);
  });

  it("the next skill of the same name takes a turned-off one's place, and a prompt file turned off leaves the / list", async () => {
    await bed.write('.github/skills/review/SKILL.md', skillText('review', 'The workspace one.'));
    await bed.write('~/.claude/skills/review/SKILL.md', skillText('review', 'Mine.'));
    const prompt = await bed.write('.claude/commands/deploy.md', 'Deploy $ARGUMENTS');
    assert.equal((await bed.item('~/.claude/skills/review/SKILL.md')).validity.state, 'shadowed');
    await switches.set(customizationKey(await bed.item('.github/skills/review/SKILL.md')), 'off');
    await switches.set(customizationKey({ kind: 'prompt', file: prompt }), 'off');
    assert.equal((await bed.item('~/.claude/skills/review/SKILL.md')).validity.state, 'applies');
    assert.deepEqual(usableSkills(await bed.catalog.items()).map((s) => s.description), ['Mine.']);
    assert.deepEqual(await commandNames(), ['review']);
  });

  it('an instruction file turned off is no longer a rule of every request', async () => {
    await bed.write('CLAUDE.md', 'Use tabs.');
    await bed.write('.github/copilot-instructions.md', 'Answer briefly.');
    assert.deepEqual(instructionRules(await bed.catalog.items()).map((r) => r.label), ['.github/copilot-instructions.md', 'CLAUDE.md']);
    await switches.set(customizationKey(await bed.item('CLAUDE.md')), 'off');
    assert.deepEqual(instructionRules(await bed.catalog.items()).map((r) => r.label), ['.github/copilot-instructions.md']);
    assert.doesNotMatch(JSON.stringify(standingMessage(instructionRules(await bed.catalog.items()), await bed.catalog.items())), /Use tabs/);
  });

  it('the list says why an item does not count: Restricted Mode, turned off, the file and field of bad front matter, a winner of the same name, no applyTo', async () => {
    await bed.write('.github/skills/bad/SKILL.md', '---\nname: Bad Name\ndescription: x\n---\n');
    await bed.write('.claude/skills/ok/SKILL.md', skillText('ok', 'Fine.'));
    await bed.write('~/.claude/skills/ok/SKILL.md', skillText('ok', 'Mine.'));
    await bed.write('.github/instructions/loose.instructions.md', 'No globs.');
    await bed.write('.github/instructions/ts.instructions.md', '---\napplyTo: "**/*.ts"\n---\nStrict types.');
    await bed.write('~/.claude/commands/mine.md', 'Mine.');
    await switches.set(customizationKey({ kind: 'prompt', file: path.join(bed.home, '.claude/commands/mine.md') }), 'off');
    const rows = listCatalogue(await bed.catalog.items());
    const row = (where: string) => rows.find((r) => r.where === where);
    assert.deepEqual(row('.github/skills/bad/SKILL.md')?.state, 'unused');
    assert.match(row('.github/skills/bad/SKILL.md')?.why ?? '', /invalid front matter in \.github\/skills\/bad\/SKILL\.md: name: must be lowercase/);
    assert.deepEqual([row('.claude/skills/ok/SKILL.md')?.state, row('.claude/skills/ok/SKILL.md')?.tool], ['on', 'Claude Code']);
    assert.deepEqual([row('~/.claude/skills/ok/SKILL.md')?.state, row('~/.claude/skills/ok/SKILL.md')?.why], ['unused', '.claude/skills/ok/SKILL.md of the same name wins']);
    assert.match(row('.github/instructions/loose.instructions.md')?.why ?? '', /no applyTo/);
    assert.deepEqual([row('.github/instructions/ts.instructions.md')?.state, row('.github/instructions/ts.instructions.md')?.why], ['on', 'for files matching **/*.ts']);
    assert.deepEqual([row('~/.claude/commands/mine.md')?.state, row('~/.claude/commands/mine.md')?.why], ['off', 'turned off in this workspace']);

    bed.trusted = false;
    bed.catalog.forget();
    const restricted = listCatalogue(await bed.catalog.items()).find((r) => r.where === '.claude/skills/ok/SKILL.md');
    assert.deepEqual([restricted?.state, restricted?.tool, restricted?.scope], ['unused', 'Claude Code', 'workspace']);
    assert.match(restricted?.why ?? '', /^Restricted Mode/);
  });

  it('a rules file turned off is listed off; one not read in Restricted Mode says so', () => {
    const agents = { label: 'AGENTS.md', path: '/ws/AGENTS.md', scope: 'workspace' as const };
    const mine = { label: '~/.svc/AGENTS.md', path: '/home/me/.svc/AGENTS.md', scope: 'user' as const };
    const rows = listRules([{ source: agents, read: false }, { source: mine, read: true }], new Set([rulesKey(mine)]));
    assert.deepEqual(rows.map((r) => [r.name, r.state, r.tool]), [['AGENTS.md', 'unused', 'AGENTS.md'], ['~/.svc/AGENTS.md', 'off', 'svc']]);
  });
});

describe('turning a hook off', () => {
  it('a hook turned off does not run; the list shows it off, and a workspace hook not yet approved as waiting for approval', async () => {
    const bed = await hookBed();
    try {
      bed.userHooks = oneHook('PreToolUse', 'echo "writes are frozen today" >&2; exit 2', 'write_file');
      const [hook] = userHooks(bed.userHooks).hooks;
      assert.ok(hook);
      assert.equal((await bed.call('write_file', { path: 'blocked.txt', content: 'x' })).status, 'rejected', 'the hook runs while on');
      bed.disabled.add(hookKey(hook));
      assert.equal(await bed.hooks(), undefined, 'no hook is left for the task');
      assert.equal((await bed.call('write_file', { path: 'written.txt', content: 'x' })).status, 'done');
      assert.equal(await exists(path.join(bed.workspace, 'written.txt')), true);

      await bed.writeWorkspaceHooks(oneHook('Stop', 'echo done'));
      const rows = listHooks(await bed.features.list(), bed.disabled);
      assert.deepEqual(
        rows.map((r) => [r.name, r.where, r.scope, r.state, r.why]),
        [
          ['echo "writes are frozen today" >&2; exit 2', 'svc.hooks', 'user', 'off', 'turned off in this workspace'],
          ['echo done', '.claude/settings.json', 'workspace', 'unused', 'not approved yet: you are asked the first time it would run'],
        ],
      );
      bed.trusted = false;
      const restricted = listHooks(await bed.features.list(), bed.disabled).filter((r) => r.scope === 'workspace');
      assert.deepEqual(restricted.map((r) => [r.where, r.state]), [['.claude/settings.json', 'unused']], 'listed from its existence only, not read');
      await fsp.writeFile(path.join(bed.workspace, '.claude', 'settings.json'), '{ not json');
      bed.trusted = true;
      const broken = listHooks(await bed.features.list(), bed.disabled).filter((r) => r.scope === 'workspace');
      assert.match(broken[0]?.why ?? '', /not valid JSON/);
      assert.equal(broken[0]?.file, path.join(bed.workspace, '.claude', 'settings.json'));
    } finally {
      await bed.remove();
    }
  });
});
