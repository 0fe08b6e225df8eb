// svc/code_runner: runs Python 3 in a subprocess (isolated mode, its own temp folder) with a time
// limit and an output cap.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FormulaFailure, tool, singleFunctionFormula } from './formula';

interface RunResult {
  output: string;
  code: number | null;
  timedOut: boolean;
  truncated: boolean;
  spawnError: string | undefined;
}

function runPython(python: string, code: string, timeoutMs: number, maxBytes: number): Promise<RunResult> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-code-runner-'));
  return new Promise((resolve) => {
    const child = spawn(python, ['-I', '-u', '-'], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONIOENCODING: 'utf-8', HOME: cwd },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let timedOut = false;
    let spawnError: string | undefined;
    const collect = (chunk: Buffer): void => {
      if (truncated) return;
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        truncated = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      spawnError = error.message;
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      fs.rmSync(cwd, { recursive: true, force: true });
      resolve({ output: Buffer.concat(chunks).toString('utf8'), code: exitCode, timedOut, truncated, spawnError });
    });
    child.stdin.on('error', () => {
      // The program may exit before reading all of its source; its exit status tells what happened.
    });
    child.stdin.end(code);
  });
}

export const codeRunnerFormula = singleFunctionFormula(
  'code_runner',
  tool('code_runner', 'Run Python 3 code and return what it prints (stdout and stderr). Use print() to show results.', {
    code: { type: 'string', description: 'The Python 3 program to run.' },
  }, ['code']),
  async (args, env) => {
    const code = args.string('code');
    const { codeRunnerTimeoutMs, codeRunnerOutputBytes, pythonPath } = env.limits;
    const result = await runPython(pythonPath, code, codeRunnerTimeoutMs, codeRunnerOutputBytes);
    if (result.spawnError) throw new FormulaFailure('failed', `${args.fn}: cannot start ${pythonPath}: ${result.spawnError}`);
    if (result.timedOut) throw new FormulaFailure('timeout', `${args.fn}: the program ran longer than ${codeRunnerTimeoutMs} ms and was stopped`, result.output);
    const output = result.truncated ? `${result.output}\n[output truncated at ${codeRunnerOutputBytes} bytes]` : result.output;
    if (result.truncated) return { output };
    if (result.code !== 0) throw new FormulaFailure('failed', `${args.fn}: the program exited with status ${result.code}\n${result.output.trim()}`, output);
    return { output: output === '' ? '(the program printed nothing)' : output };
  },
);
