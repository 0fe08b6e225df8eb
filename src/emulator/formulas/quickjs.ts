// svc/quickjs: JavaScript in a real QuickJS sandbox (WebAssembly), with a memory limit and a time
// limit enforced by QuickJS's interrupt handler. No host access: only console output comes back.
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { FormulaFailure, requireString, tool, type Formula } from './formula';

// The variant loads emscripten-module.wasm from beside its loader: the package in development, dist/
// in the bundle (esbuild.mjs copies the file there and points import.meta.url at the bundle).
let modulePromise: Promise<QuickJSWASMModule> | undefined;

function quickjsModule(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(variant);
  return modulePromise;
}

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export interface QuickJsLimits {
  timeoutMs: number;
  memoryBytes: number;
}

/** Evaluates `code`; prints console output, then the completion value when it is not undefined. */
export async function runQuickJs(code: string, limits: QuickJsLimits): Promise<string> {
  const QuickJS = await quickjsModule();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  const started = Date.now();
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(started + limits.timeoutMs));
  const vm = runtime.newContext();
  const lines: string[] = [];
  try {
    const consoleObject = vm.newObject();
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
      const fnHandle = vm.newFunction(level, (...args: QuickJSHandle[]) => {
        lines.push(args.map((a) => show(vm.dump(a))).join(' '));
      });
      vm.setProp(consoleObject, level, fnHandle);
      fnHandle.dispose();
    }
    vm.setProp(vm.global, 'console', consoleObject);
    consoleObject.dispose();
    const result = vm.evalCode(code, 'formula.js');
    if (result.error) {
      const error = vm.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      const message = typeof error === 'string' ? error : `${error.name ?? 'Error'}: ${error.message ?? show(error)}`;
      const output = lines.join('\n');
      if (/interrupted/i.test(message) && Date.now() - started >= limits.timeoutMs) {
        throw new FormulaFailure('timeout', `quickjs: the script ran longer than ${limits.timeoutMs} ms and was stopped`, output);
      }
      if (/out of memory/i.test(message)) throw new FormulaFailure('failed', `quickjs: the script exceeded the memory limit of ${limits.memoryBytes} bytes`, output);
      throw new FormulaFailure('failed', `quickjs: ${message}`, output);
    }
    const value = vm.dump(result.value) as unknown;
    result.value.dispose();
    if (value !== undefined) lines.push(show(value));
    return lines.length === 0 ? 'undefined' : lines.join('\n');
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

export const quickjsFormula: Formula = {
  name: 'quickjs',
  tools: [
    tool('quickjs', 'Run JavaScript in a sandbox (no network, no files) and return console output and the value of the last expression.', {
      code: { type: 'string', description: 'The JavaScript to run; the last expression is the result.' },
    }, ['code']),
  ],
  async run(fn, args, env) {
    const code = requireString(fn, args, 'code');
    return { output: await runQuickJs(code, { timeoutMs: env.limits.quickjsTimeoutMs, memoryBytes: env.limits.quickjsMemoryBytes }) };
  },
};
