// What a hook adds to a tool call beyond its own run time. The hook is a node script that reads its
// input and exits 0 (the cheapest useful hook), run through the real path: the agent's toolset with the
// hook (HookedTool, TaskHooks, the trust check, the port spawning it in /bin/sh with the scrubbed
// environment and its JSON on stdin). Three timings, interleaved so load on the machine hits them alike:
// read_file without hooks, read_file with the hook, and the script alone (node spawned directly, the same
// input on stdin, the same environment). Added = with − without − alone. Also: the same call when hooks exist for other events
// only (every tool is wrapped, none matches).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Tool } from '../src/core/tools/tool';
import { commandEnvironment } from '../src/extension/workspaceTools/commandEnvironment';
import { runHookProcess } from '../src/extension/hooks/hookProcess';
import { hookBed } from '../test/support/hookBed';
import { figure, ms, percentile, printTargets, runBench } from './support/benchReport';

const ROUNDS = 40;
const WARM_UP = 5;
const TARGET_MS = 15;

function scriptAlone(script: string, input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The hook's own environment: what this process would pass (tsx's loader among it) slows node's start.
    const child = spawn(process.execPath, [script], { env: commandEnvironment(process.env), stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', reject);
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
    const script = path.join(bed.traces, 'hook.mjs');
    await fs.writeFile(script, "process.stdin.resume();\nprocess.stdin.on('end', () => process.exit(0));\n");
    const command = `"${process.execPath}" "${script}"`;
    const tool = async (): Promise<Tool> => (await bed.toolset()).registry.get('read_file')!;
    bed.userHooks = undefined;
    const plain = await tool();
    bed.userHooks = { Stop: [{ hooks: [{ type: 'command', command }] }] };
    const unmatched = await tool();
    bed.userHooks = { PreToolUse: [{ matcher: 'read_file', hooks: [{ type: 'command', command }] }] };
    const hooked = await tool();
    const args = { raw: '{"path":"README.md"}', value: { path: 'README.md' } };
    const signal = new AbortController().signal;
    const input = JSON.stringify({ session_id: 'conversation-1', cwd: bed.workspace, hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: args.value });

    const without: number[] = [];
    const other: number[] = [];
    const withHook: number[] = [];
    const alone: number[] = [];
    const inPort: number[] = [];
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      // The order changes every round: whatever runs first or after a spawn pays no more than the others.
      const runs = [() => plain.run(args, signal), () => unmatched.run(args, signal), () => hooked.run(args, signal), () => scriptAlone(script, input)];
      const order = [0, 1, 2, 3].map((k) => (k + round) % 4);
      const times: number[] = [];
      for (const k of order) times[k] = await timed(runs[k]!);
      const port = portMs;
      if (round < WARM_UP) continue;
      without.push(times[0]!);
      other.push(times[1]!);
      withHook.push(times[2]!);
      alone.push(times[3]!);
      inPort.push(port);
    }
    // Per round, so a slow moment of the machine counts against both sides of the difference.
    const added = median(withHook.map((t, i) => t - without[i]! - alone[i]!));
    // The two parts: the core's work around the port (matching, trust, JSON, the decorator), and the port's
    // start of the program (shell, scrubbed environment, pipes) beyond starting it directly.
    const aroundPort = median(withHook.map((t, i) => t - without[i]! - inPort[i]!));
    const spawnPath = median(inPort.map((t, i) => t - alone[i]!));
    const unmatchedAdded = median(other.map((t, i) => t - without[i]!));
    figure('read_file, no hooks (median)', ms(median(without)));
    figure('read_file, hooks for other events only (median)', ms(median(other)));
    figure('read_file with a PreToolUse hook (median)', ms(median(withHook)));
    figure('the hook script alone, node spawned directly (median)', ms(median(alone)));
    figure('added by the hook beyond its own run time (median of per-round differences)', ms(added));
    figure('  of which around the port (matching, trust, JSON, decorator)', ms(aroundPort));
    figure('  of which the port starting it (shell, environment, pipes)', ms(spawnPath));
    figure('added by hooks that match no call', ms(unmatchedAdded));
    figure('load average (1 min) at the end', os.loadavg()[0]!.toFixed(1));
    printTargets([
      { name: 'a hook adds to a tool call beyond its own run time', measured: ms(added), target: `≤ ${TARGET_MS} ms`, pass: added <= TARGET_MS },
    ]);
  } finally {
    await bed.remove();
  }
});
