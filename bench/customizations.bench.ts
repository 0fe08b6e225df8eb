// Customizations at scale: a workspace with 100 skills (half in .github/skills, half in the user's
// ~/.claude/skills) and 50 prompt files. Measures finding them all from cold (a new catalogue each time,
// real files), the tokens the skills' list adds to every request per skill and per prompt file, and what
// a change to one file costs (it re-reads only that file).
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CustomizationCatalog } from '../src/core/customizations/customizationCatalog';
import type { CustomizationFiles } from '../src/core/customizations/customizationFiles';
import { standingMessage } from '../src/core/customizations/standingCustomizations';
import { countTokensLocally } from '../src/core/tokens/tokenEstimator';
import { nodeCustomizationFiles } from '../src/extension/customizations/nodeCustomizationFiles';
import { figure, ms, percentile, printTargets, runBench } from './support/benchReport';

const SKILLS = 100;
const PROMPTS = 50;
const RUNS = 15;
const WORDS = ['parse', 'invoices', 'format', 'dates', 'review', 'pull', 'requests', 'migrate', 'database', 'schemas', 'write', 'release', 'notes', 'profile', 'tests'];

/** A description like the ones people write: what it does and when to use it, 150 to 200 characters. */
function description(i: number): string {
  const words = Array.from({ length: 26 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
  return `Use when the user asks to ${words}.`.slice(0, 150 + (i % 50));
}

runBench(async () => {
  const root = await fsp.realpath(await fsp.mkdtemp(path.join(os.tmpdir(), 'svc-bench-custom-')));
  const workspace = path.join(root, 'ws');
  const home = path.join(root, 'home');
  const write = async (file: string, text: string) => {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, text);
  };
  try {
    for (let i = 0; i < SKILLS; i++) {
      const base = i % 2 === 0 ? path.join(workspace, '.github', 'skills') : path.join(home, '.claude', 'skills');
      await write(path.join(base, `skill-${i}`, 'SKILL.md'), `---\nname: skill-${i}\ndescription: ${description(i)}\n---\n${'Step by step instructions. '.repeat(200)}\n`);
      await write(path.join(base, `skill-${i}`, 'reference.md'), 'Reference. '.repeat(500));
    }
    for (let i = 0; i < PROMPTS; i++) {
      await write(path.join(workspace, '.github', 'prompts', `prompt-${i}.prompt.md`), `---\ndescription: ${description(i + 1000)}\n---\nDo ${i} with $ARGUMENTS.\n`);
    }
    const reads = { count: 0 };
    const counting: CustomizationFiles = { ...nodeCustomizationFiles, read: (file) => (reads.count++, nodeCustomizationFiles.read(file)) };
    const places = { workspaceFolders: () => [{ name: 'ws', path: workspace }], home: () => home, trusted: () => true, disabled: () => Promise.resolve(new Set<string>()) };
    const times: number[] = [];
    // Processor time of every thread (the file-system calls run on libuv's): unlike the wall clock, it
    // hardly changes when other processes share the cores.
    const processor: number[] = [];
    let catalog = new CustomizationCatalog(places, counting);
    for (let run = 0; run < RUNS; run++) {
      catalog = new CustomizationCatalog(places, counting);
      const cpu = process.cpuUsage();
      const start = performance.now();
      await catalog.items();
      times.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      processor.push((used.user + used.system) / 1000);
    }
    const items = await catalog.items();
    const none = await countTokensLocally([{ role: 'system', content: 'Project rules: standing instructions for this workspace.\n\n## AGENTS.md\n\nBe brief.' }]);
    const rules = [{ label: 'AGENTS.md', scope: 'workspace' as const, text: 'Be brief.' }];
    const withAll = await countTokensLocally([standingMessage(rules, items)!]);
    const withoutPrompts = await countTokensLocally([standingMessage(rules, items.filter((i) => i.kind !== 'prompt'))!]);
    const perSkill = (withAll - none) / SKILLS;
    const perPrompt = (withAll - withoutPrompts) / PROMPTS;

    const changed = path.join(workspace, '.github', 'skills', 'skill-0', 'SKILL.md');
    await write(changed, `---\nname: skill-0\ndescription: Changed.\n---\nNew body.\n`);
    reads.count = 0;
    const start = performance.now();
    await catalog.fileChanged(changed);
    await catalog.items();
    const changeMs = performance.now() - start;
    const readsOnChange = reads.count;

    const median = percentile(times, 50);
    figure('customizations', `${SKILLS} skills (each ~5 KB with a reference file), ${PROMPTS} prompt files; ${items.length} found`);
    figure(`finding them all from cold, median of ${RUNS}`, `${ms(median)} (p90 ${ms(percentile(times, 90))})`);
    figure('processor time of one find, median', `${ms(percentile(processor, 50))} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
    figure('tokens the skills add to every request', `${withAll - none} (${perSkill.toFixed(1)} per skill)`);
    figure('tokens per prompt file', perPrompt.toFixed(1));
    figure('one skill changed: re-read', `${ms(changeMs)}, ${readsOnChange} file read`);
    printTargets([
      { name: 'tokens added per skill', measured: perSkill.toFixed(1), target: '≤ 60', pass: perSkill <= 60 },
      { name: 'tokens added per prompt file', measured: perPrompt.toFixed(1), target: '0', pass: perPrompt === 0 },
      { name: `finding ${SKILLS} skills and ${PROMPTS} prompt files (median)`, measured: ms(median), target: '≤ 50 ms', pass: median <= 50 },
      { name: 'files read after one file changed', measured: String(readsOnChange), target: '1', pass: readsOnChange === 1 },
    ]);
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
});
