// What a hook adds to a tool call beyond its own run time, for two hooks: a node script that reads its input
// and exits 0 (node's own start, 40-80 ms, is most of its time) and a shell script that does the same with
// `cat` (a few ms, so what the hook path adds is not lost in the spawn's noise). Each runs through the real
// path: the agent's toolset with the hook (HookedTool, TaskHooks, the trust check, the port starting the
// command in /bin/sh in its own process group, with the scrubbed environment and its JSON on stdin). The
// baseline is the same program started directly by the same call (child_process.spawn from this process,
// with the same environment, folder, input on stdin and its output piped and read to the end), so what is
// left is ours: the shell, the process group and the core's work around the port. Timings are interleaved,
// in an order that rotates every round, so load on the machine hits them alike: read_file without hooks,
// with hooks for other events only (every tool wrapped, none matches), with each hook, each program alone,
// and each program started through `/bin/sh -c` (what the shell costs). Added = with − without − alone.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Tool } from '../src/core/tools/tool';
import { commandEnvironment } from '../src/extension/workspaceTools/commandEnvironment';
import { runHookProcess } from '../src/extension/hooks/hookProcess';
import { hookBed } from '../test/support/hookBed';
import { figure, ms, percentile, printTargets, runBench, type TargetResult } from './support/benchReport';

const ROUNDS = 40;
const WARM_UP = 5;
const TARGET_MS = 15;

interface Program {
  label: string;
  file: string;
  args: string[];
}

/** The hook's command as a user writes it in settings: the program and its arguments, quoted. */
function commandOf(program: Program): string {
  return [program.file, ...program.args].map((a) => `"${a}"`).join(' ');
}

/** The program alone, started as the port starts it but without a shell or a process group: the same environment, folder, input and pipes. */
function programAlone(program: Program, input: string, cwd: string, start: 'directly' | 'through /bin/sh -c'): Promise<void> {
  return new Promise((resolve, reject) => {
    const options = { cwd, env: { ...commandEnvironment(process.env), CLAUDE_PROJECT_DIR: cwd }, stdio: ['pipe', 'pipe', 'pipe'] as ['pipe', 'pipe', 'pipe'] };
    const child = start === 'directly' ? spawn(program.file, program.args, options) : spawn(commandOf(program), { ...options, shell: true });
    child.once('error', reject);
    child.stdout.resume();
    child.stderr.resume();
    child.once('close', () => resolve());
    child.stdin.end(input);
  });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

runBench(async () => {
  const loadAtStart = os.loadavg();
  let portMs = 0;
  const bed = await hookBed(process.env, {
    run: async (request) => {
      const started = performance.now();
      const result = await runHookProcess(request, { kind: 'system', env: process.env });
      portMs = performance.now() - started;
      return result;
    },
  });
  try {
    const nodeScript = path.join(bed.traces, 'hook.mjs');
    await fs.writeFile(nodeScript, "process.stdin.resume();\nprocess.stdin.on('end', () => process.exit(0));\n");
    const shellScript = path.join(bed.traces, 'hook.sh');
    await fs.writeFile(shellScript, '#!/bin/sh\ncat > /dev/null\n', { mode: 0o755 });
    const programs: Program[] = [
      { label: 'node script', file: process.execPath, args: [nodeScript] },
      { label: 'shell script', file: shellScript, args: [] },
    ];
    const tool = async (): Promise<Tool> => (await bed.toolset()).registry.get('read_file')!;
    bed.userHooks = undefined;
    const plain = await tool();
    bed.userHooks = { Stop: [{ hooks: [{ type: 'command', command: commandOf(programs[0]!) }] }] };
    const unmatched = await tool();
    const hooked: Tool[] = [];
    for (const program of programs) {
      bed.userHooks = { PreToolUse: [{ matcher: 'read_file', hooks: [{ type: 'command', command: commandOf(program) }] }] };
      hooked.push(await tool());
    }
    const args = { raw: '{"path":"README.md"}', value: { path: 'README.md' } };
    const signal = new AbortController().signal;
    const input = JSON.stringify({ session_id: 'conversation-1', cwd: bed.workspace, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: args.value });

    // Every run of a round, by name; `port` is the time inside the port of the hooked runs.
    const runs: Record<string, () => Promise<unknown>> = { without: () => plain.run(args, signal), other: () => unmatched.run(args, signal) };
    programs.forEach((program, i) => {
      runs[`with ${i}`] = () => hooked[i]!.run(args, signal);
      runs[`alone ${i}`] = () => programAlone(program, input, bed.workspace, 'directly');
      runs[`shell ${i}`] = () => programAlone(program, input, bed.workspace, 'through /bin/sh -c');
    });
    const names = Object.keys(runs);
    const samples: Record<string, number[]> = Object.fromEntries([...names, ...programs.map((_, i) => `port ${i}`)].map((n) => [n, []]));
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      // The order changes every round: whatever runs first or after a spawn pays no more than the others.
      const order = names.map((_, k) => names[(k + round) % names.length]!);
      const times: Record<string, number> = {};
      for (const name of order) {
        times[name] = await timed(runs[name]!);
        if (name.startsWith('with ')) times[`port ${name.slice(5)}`] = portMs;
      }
      if (round < WARM_UP) continue;
      for (const [name, value] of Object.entries(times)) samples[name]!.push(value);
    }
    const at = (name: string, round: number): number => samples[name]![round]!;
    const perRound = (f: (round: number) => number): number => median(Array.from({ length: ROUNDS }, (_, round) => f(round)));
    figure('load average (1 / 5 min) at the start of the rounds', `${loadAtStart[0]!.toFixed(1)} / ${loadAtStart[1]!.toFixed(1)} on ${os.cpus().length} cores`);
    figure('read_file, no hooks (median)', ms(median(samples.without!)));
    figure('read_file, hooks for other events only (median)', ms(median(samples.other!)));
    figure('added by hooks that match no call (median of per-round differences)', ms(perRound((r) => at('other', r) - at('without', r))));
    const targets: TargetResult[] = [];
    programs.forEach((program, i) => {
      // Per round, so a slow moment of the machine counts against both sides of the difference.
      const added = perRound((r) => at(`with ${i}`, r) - at('without', r) - at(`alone ${i}`, r));
      const lowest = Math.min(...samples[`with ${i}`]!) - Math.min(...samples.without!) - Math.min(...samples[`alone ${i}`]!);
      figure(`${program.label}: read_file with it as a PreToolUse hook (median)`, ms(median(samples[`with ${i}`]!)));
      figure(`${program.label}: alone, spawned directly (median, min)`, `${ms(median(samples[`alone ${i}`]!))}, ${ms(Math.min(...samples[`alone ${i}`]!))}`);
      figure(`${program.label}: added beyond its own run time (median of per-round differences)`, ms(added));
      figure(`${program.label}: the same from the fastest run of each`, ms(lowest));
      figure(`${program.label}:   of which /bin/sh -c (through the shell − directly)`, ms(perRound((r) => at(`shell ${i}`, r) - at(`alone ${i}`, r))));
      figure(`${program.label}:   of which the port beyond the shell (process group, environment, output)`, ms(perRound((r) => at(`port ${i}`, r) - at(`shell ${i}`, r))));
      figure(`${program.label}:   of which around the port (matching, trust, JSON, decorator)`, ms(perRound((r) => at(`with ${i}`, r) - at('without', r) - at(`port ${i}`, r))));
      targets.push({ name: `a hook (${program.label}) adds to a tool call beyond its own run time`, measured: ms(added), target: `≤ ${TARGET_MS} ms`, pass: added <= TARGET_MS });
    });
    figure('load average (1 min) at the end', os.loadavg()[0]!.toFixed(1));
    printTargets(targets);
  } finally {
    await bed.remove();
  }
});
