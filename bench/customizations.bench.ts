// Customizations at scale: a workspace with 100 skills (half in .github/skills, half in the user's
// ~/.claude/skills), 50 prompt files and 20 custom agents (half Copilot's .github/agents, half the user's
// ~/.claude/agents, each with a description). Measures finding them all from cold (a new catalogue each
// time, real files), the tokens each kind adds to the first request of an agent task (its standing
// message and its tools, as the task builds them, counted by the emulator's tokenizer; see
// bench/support/firstAgentRequest.ts), and what a change to one file costs (it re-reads only that file).
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CustomizationCatalog } from '../src/core/customizations/customizationCatalog';
import type { CustomizationFiles } from '../src/core/customizations/customizationFiles';
import { nodeCustomizationFiles } from '../src/extension/customizations/nodeCustomizationFiles';
import { figure, ms, percentile, printTargets, runBench } from './support/benchReport';
import { firstAgentRequestTokens } from './support/firstAgentRequest';

const SKILLS = 100;
const PROMPTS = 50;
const AGENTS = 20;
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
    for (let i = 0; i < AGENTS; i++) {
      const instructions = `${'Check each change against the project rules and say what to fix. '.repeat(15)}\n`;
      if (i % 2 === 0) await write(path.join(workspace, '.github', 'agents', `agent-${i}.agent.md`), `---\ndescription: ${description(i + 2000)}\ntools: ['read_file', 'search_text']\n---\n${instructions}`);
      else await write(path.join(home, '.claude', 'agents', `agent-${i}.md`), `---\nname: agent-${i}\ndescription: ${description(i + 2000)}\n---\n${instructions}`);
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
    const count = (kind: string) => items.filter((i) => i.kind === kind && i.validity.state === 'applies').length;
    if (count('skill') !== SKILLS || count('prompt') !== PROMPTS || count('agent') !== AGENTS) throw new Error(`found ${count('skill')} skills, ${count('prompt')} prompt files, ${count('agent')} agents`);
    // The first request of an agent task with what is installed so far: nothing, then the skills, then the prompt files, then the agents.
    const request = (kinds: readonly string[]) => firstAgentRequestTokens(workspace, items.filter((i) => kinds.includes(i.kind)), nodeCustomizationFiles);
    const none = await request([]);
    const withSkills = await request(['skill']);
    const withPrompts = await request(['skill', 'prompt']);
    const withAgents = await request(['skill', 'prompt', 'agent']);
    const perSkill = (withSkills.total - none.total) / SKILLS;
    const perPrompt = (withPrompts.total - withSkills.total) / PROMPTS;
    const perAgent = (withAgents.total - withPrompts.total) / AGENTS;

    const changed = path.join(workspace, '.github', 'skills', 'skill-0', 'SKILL.md');
    await write(changed, `---\nname: skill-0\ndescription: Changed.\n---\nNew body.\n`);
    reads.count = 0;
    const start = performance.now();
    await catalog.fileChanged(changed);
    await catalog.items();
    const changeMs = performance.now() - start;
    const readsOnChange = reads.count;

    const median = percentile(times, 50);
    figure('customizations', `${SKILLS} skills (each ~5 KB with a reference file), ${PROMPTS} prompt files, ${AGENTS} custom agents; ${items.length} found`);
    figure(`finding them all from cold, median of ${RUNS}`, `${ms(median)} (p90 ${ms(percentile(times, 90))})`);
    figure('processor time of one find, median', `${ms(percentile(processor, 50))} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
    figure('first agent request, nothing installed: tokens (standing message + tools)', `${none.total} (${none.standing} + ${none.tools})`);
    figure(`with the ${SKILLS} skills`, `${withSkills.total} (${withSkills.standing} + ${withSkills.tools}): ${perSkill.toFixed(1)} per skill`);
    figure(`with the ${PROMPTS} prompt files too`, `${withPrompts.total} (${withPrompts.standing} + ${withPrompts.tools}): ${perPrompt.toFixed(1)} per prompt file`);
    figure(`with the ${AGENTS} custom agents too`, `${withAgents.total} (${withAgents.standing} + ${withAgents.tools}): ${perAgent.toFixed(1)} per agent (run_subagent names them only when asked: kind "list")`);
    figure('one skill changed: re-read', `${ms(changeMs)}, ${readsOnChange} file read`);
    printTargets([
      { name: 'tokens added per skill', measured: perSkill.toFixed(1), target: '≤ 60', pass: perSkill <= 60 },
      { name: 'tokens added per prompt file', measured: perPrompt.toFixed(1), target: '0', pass: perPrompt === 0 },
      { name: 'tokens added per custom agent installed (not picked)', measured: perAgent.toFixed(1), target: '0', pass: perAgent === 0 },
      { name: `finding ${SKILLS} skills, ${PROMPTS} prompt files and ${AGENTS} agents (median)`, measured: ms(median), target: '≤ 50 ms', pass: median <= 50 },
      { name: 'files read after one file changed', measured: String(readsOnChange), target: '1', pass: readsOnChange === 1 },
    ]);
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
});
