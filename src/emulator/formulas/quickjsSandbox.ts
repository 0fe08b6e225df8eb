// JavaScript in a real QuickJS sandbox (WebAssembly), with a memory limit, a time limit enforced by
// QuickJS's interrupt handler, and an output cap. No host access: only console output comes back. It
// runs in the quickjs formula's worker thread (quickjsWorker.ts), never on the caller's thread.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { FormulaFailure } from './formula';

// The variant loads emscripten-module.wasm from beside its loader: the package in development, dist/
// in the bundle (esbuild.mjs copies the file there and points import.meta.url at the bundle). A
// production build ships it brotli-compressed instead (35 KB less in the .vsix), inflated here on the
// formula's first run.
let modulePromise: Promise<QuickJSWASMModule> | undefined;

const COMPRESSED_WASM = path.join(__dirname, 'emscripten-module.wasm.br');

function shippedVariant(): typeof variant {
  if (!fs.existsSync(COMPRESSED_WASM)) return variant;
  return newVariant(variant, {
    wasmBinary: async () => {
      const bytes = zlib.brotliDecompressSync(await fs.promises.readFile(COMPRESSED_WASM));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  });
}

function quickjsModule(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(shippedVariant());
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
  /** Output (console lines and the result) beyond this is cut, with a note. */
  outputBytes: number;
}

function capped(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= maxBytes ? text : `${bytes.subarray(0, maxBytes).toString('utf8')}\n[output truncated at ${maxBytes} bytes]`;
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
  let printed = 0;
  try {
    const consoleObject = vm.newObject();
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
      const fnHandle = vm.newFunction(level, (...args: QuickJSHandle[]) => {
        // Past the cap nothing more is kept: a print loop cannot fill the worker's memory.
        if (printed > limits.outputBytes) return;
        const line = args.map((a) => show(vm.dump(a))).join(' ');
        printed += line.length + 1;
        lines.push(line);
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
      const output = capped(lines.join('\n'), limits.outputBytes);
      if (/interrupted/i.test(message) && Date.now() - started >= limits.timeoutMs) {
        throw new FormulaFailure('timeout', `quickjs: the script ran longer than ${limits.timeoutMs} ms and was stopped`, output);
      }
      if (/out of memory/i.test(message)) throw new FormulaFailure('failed', `quickjs: the script exceeded the memory limit of ${limits.memoryBytes} bytes`, output);
      throw new FormulaFailure('failed', `quickjs: ${message}`, output);
    }
    const value = vm.dump(result.value) as unknown;
    result.value.dispose();
    if (value !== undefined) lines.push(show(value));
    return lines.length === 0 ? 'undefined' : capped(lines.join('\n'), limits.outputBytes);
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
