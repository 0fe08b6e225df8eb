// "svc: New Skill", "svc: New Prompt File", "svc: New Agent": the names allowed, the templates read back
// by the real discovery as they are, and an existing file never overwritten.
import assert from 'node:assert/strict';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from '../../../../src/core/customizations/frontMatter';
import { parsePromptFile, parseSkillFile } from '../../../../src/core/customizations/customizationFormats';
import { nameProblem, placeLabel, TEMPLATE_PLACES, templateFile, templateText } from '../../../../src/core/customizations/customizationTemplates';
import { CustomizationExistsError, writeNewCustomization } from '../../../../src/extension/customizations/newCustomizationFile';
import { customizationBed, type CustomizationBed } from './customizationBed';

describe('new skills, prompt files and agents from a template', () => {
  let bed: CustomizationBed;
  beforeEach(async () => (bed = await customizationBed()));
  afterEach(() => bed.remove());

  it('names: a skill or agent takes lowercase words joined by "-", a command letters, digits, "-" and "_"; the error says what is allowed', () => {
    assert.equal(nameProblem('skill', 'pdf-forms'), undefined);
    assert.equal(nameProblem('agent', 'test-writer2'), undefined);
    assert.equal(nameProblem('prompt', 'Fix_Issue-2'), undefined);
    assert.match(nameProblem('skill', 'PDF Forms') ?? '', /"PDF Forms" is not allowed: use lowercase letters a–z, digits 0–9 and single "-"/);
    assert.match(nameProblem('skill', 'a--b') ?? '', /not allowed/);
    assert.match(nameProblem('agent', '-lead') ?? '', /not allowed/);
    assert.match(nameProblem('prompt', '_x') ?? '', /"_x" is not allowed: use letters, digits, "-" and "_", starting with a letter or digit/);
    assert.match(nameProblem('prompt', 'my prompt') ?? '', /not allowed/);
    assert.match(nameProblem('prompt', '../up') ?? '', /not allowed/, 'no path in a name');
    assert.equal(nameProblem('skill', ''), 'Type a name.');
    assert.equal(nameProblem('skill', 'a'.repeat(65)), 'The name may have at most 64 characters (this one has 65).');
  });

  it('every template at every workspace and home place is found by discovery and applies, under the name asked for', async () => {
    for (const kind of ['skill', 'prompt'] as const) {
      for (const place of TEMPLATE_PLACES[kind]) {
        const name = `${kind}-${place.folder.split('/')[0]?.slice(1)}-${place.base}`;
        await writeNewCustomization(templateFile(place.base === 'home' ? bed.home : bed.workspace, place, name), templateText(kind, name));
        bed.catalog.forget();
        const item = await bed.item(placeLabel(place, name));
        assert.deepEqual([item.kind, item.name, item.validity.state], [kind, name, 'applies'], placeLabel(place, name));
        assert.notEqual(item.description, undefined);
      }
    }
    const skill = await parseSkillFile(templateText('skill', 'pdf-forms'));
    assert.ok(skill.ok && skill.value.name === 'pdf-forms');
    const prompt = await parsePromptFile(templateText('prompt', 'ship'));
    assert.ok(prompt.ok && prompt.value.details.argumentHint === 'what to type after the command');
  });

  it("an agent's template has front matter with its name and a description", async () => {
    const split = await splitFrontMatter(templateText('agent', 'test-writer'));
    assert.ok(split.ok);
    const fields = split.file.fields as Record<string, unknown>;
    assert.equal(fields.name, 'test-writer');
    assert.equal(typeof fields.description, 'string');
    assert.deepEqual(TEMPLATE_PLACES.agent.map((p) => placeLabel(p, 'x')), ['.github/agents/x.agent.md', '.claude/agents/x.md', '~/.claude/agents/x.md']);
  });

  it('never overwrites a file that exists: the error names it and its text is unchanged', async () => {
    const file = await bed.write('.github/prompts/ship.prompt.md', 'My own words.');
    await assert.rejects(writeNewCustomization(file, templateText('prompt', 'ship')), (error: unknown) => error instanceof CustomizationExistsError && error.file === file && /exists already; it was not overwritten/.test(error.message));
    assert.equal(await fsp.readFile(file, 'utf8'), 'My own words.');
    const skill = templateFile(bed.workspace, TEMPLATE_PLACES.skill[0]!, 'fresh');
    await writeNewCustomization(skill, templateText('skill', 'fresh'));
    assert.equal(path.relative(bed.workspace, skill), path.join('.github', 'skills', 'fresh', 'SKILL.md'));
  });
});
