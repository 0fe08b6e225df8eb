import assert from 'node:assert/strict';
import path from 'node:path';
import { UseSkillTool } from '../../../../src/core/customizations/skillTool';
import { TaskApprovals } from '../../../../src/core/tools/approvals';
import { WorkspacePathPolicy } from '../../../../src/core/tools/pathPolicy';
import { SecretFileRules } from '../../../../src/core/tools/secretFiles';
import { nodeCustomizationFiles } from '../../../../src/extension/customizations/nodeCustomizationFiles';
import { nodeTestHost, ScriptedApprover } from '../../../support/testWorkspaceHost';
import { customizationBed, skillText, type CustomizationBed } from './customizationBed';

const signal = new AbortController().signal;

describe('use_skill', () => {
  let bed: CustomizationBed;
  let approver: ScriptedApprover;
  let tool: UseSkillTool;
  const call = (value: Record<string, unknown>) => tool.run({ raw: JSON.stringify(value), value }, signal);

  beforeEach(async () => {
    bed = await customizationBed();
    approver = new ScriptedApprover(() => 'reject');
    const host = nodeTestHost([{ name: 'ws', path: bed.workspace }]);
    const secrets = new SecretFileRules();
    tool = new UseSkillTool(() => bed.catalog.items(), nodeCustomizationFiles, { policy: new WorkspacePathPolicy(host.files, secrets), approvals: new TaskApprovals(approver), secrets });
  });
  afterEach(() => bed.remove());

  it("returns a skill's instructions, where they come from and the files of its folder", async () => {
    await bed.write('.github/skills/pdf-forms/SKILL.md', skillText('pdf-forms', 'Fill PDF forms.', 'Read reference.md first.'));
    await bed.write('.github/skills/pdf-forms/reference.md', 'Field names are case-sensitive.');
    await bed.write('.github/skills/pdf-forms/scripts/fill.py', 'print(1)');
    const result = await call({ name: 'pdf-forms' });
    assert.equal(result.status, 'done');
    assert.equal(
      result.content,
      "Skill pdf-forms (from the workspace: .github/skills/pdf-forms/SKILL.md)\n\nRead reference.md first.\n\nFiles in the skill's folder (read one with use_skill and its file):\nreference.md\nscripts/fill.py",
    );
    const file = await call({ name: 'pdf-forms', file: 'reference.md' });
    assert.deepEqual(file, { status: 'done', content: 'pdf-forms/reference.md:\n\nField names are case-sensitive.' });
  });

  it('says which skills exist when the name is none of them, and offers no shadowed or invalid one', async () => {
    await bed.write('.github/skills/good/SKILL.md', skillText('good', 'Good.'));
    await bed.write('.github/skills/broken/SKILL.md', '---\nname: broken\n---\n');
    const result = await call({ name: 'broken' });
    assert.deepEqual(result, { status: 'failed', content: 'There is no skill named "broken". The skills are: good.' });
  });

  it("reads nothing outside the skill's folder: no climbing path, no absolute path, no symlink out", async () => {
    await bed.write('.github/skills/s/SKILL.md', skillText('s', 'S.'));
    await bed.write('notes.txt', 'workspace notes');
    await bed.link('.github/skills/s/link.txt', path.join(bed.workspace, 'notes.txt'));
    for (const file of ['../../../notes.txt', path.join(bed.workspace, 'notes.txt'), '~/.ssh/id_rsa']) {
      const result = await call({ name: 's', file });
      assert.equal(result.status, 'failed', file);
      assert.match(result.content, /is not a file of the skill's folder: name it relative to the folder/);
    }
    assert.deepEqual(await call({ name: 's', file: 'link.txt' }), { status: 'failed', content: "link.txt is not a file of the skill s's folder (or it leads out of it through a symlink)." });
  });

  it("asks before a workspace skill's secret file is read, through the path gate, and reads nothing when refused", async () => {
    await bed.write('.github/skills/deploy/SKILL.md', skillText('deploy', 'Deploys.'));
    await bed.write('.github/skills/deploy/.env', 'TOKEN=abc');
    const result = await call({ name: 'deploy', file: '.env' });
    assert.equal(result.status, 'rejected');
    assert.doesNotMatch(result.content, /TOKEN/);
    assert.equal(approver.asked[0]?.kind, 'read-secret');
  });

  it("refuses a secret-looking file of a home skill, and reads the user's other files", async () => {
    await bed.write('~/.claude/skills/mine/SKILL.md', skillText('mine', 'Mine.'));
    await bed.write('~/.claude/skills/mine/id_rsa', 'PRIVATE KEY');
    await bed.write('~/.claude/skills/mine/guide.md', 'Guide \u202Etext');
    assert.deepEqual(await call({ name: 'mine', file: 'id_rsa' }), { status: 'failed', content: 'id_rsa looks like a file of keys or passwords; it is not read.' });
    assert.deepEqual(await call({ name: 'mine', file: 'guide.md' }), { status: 'done', content: 'mine/guide.md:\n\nGuide ⟨U+202E⟩text' });
  });

  it("reads no file of a dependency folder inside a skill's folder", async () => {
    await bed.write('.github/skills/js/SKILL.md', skillText('js', 'JS.'));
    await bed.write('.github/skills/js/node_modules/x/README.md', 'Package readme.');
    assert.equal((await call({ name: 'js' })).content.includes('node_modules'), false, 'not listed');
    assert.deepEqual(await call({ name: 'js', file: 'node_modules/x/README.md' }), { status: 'failed', content: 'node_modules/x/README.md lies in a dependency folder; it is not part of the skill.' });
  });
});
