// Test-only behaviour (the extension's test API, the emulator's scenario, fault, option and request-log
// variables) exists only while the extension runs under its own test harness: VS Code's test mode (the
// integration suite) or the SVC_TEST_HARNESS=1 variable that the end-to-end harness gives code-server.
// Anyone able to set a variable in VS Code's own environment already runs code as the user, so the
// variable grants nothing an attacker lacks; a repository, a web page or another extension cannot set it.
import * as vscode from 'vscode';

export const TEST_HARNESS_ENV = 'SVC_TEST_HARNESS';

export function underTestHarness(mode: vscode.ExtensionMode, env: NodeJS.ProcessEnv = process.env): boolean {
  return mode === vscode.ExtensionMode.Test || env[TEST_HARNESS_ENV] === '1';
}

/** The test variables the extension reads (the emulator's scenario, faults, options, request log): none outside the harness. */
export function harnessVariables(mode: vscode.ExtensionMode, env: NodeJS.ProcessEnv = process.env): (name: string) => string | undefined {
  return underTestHarness(mode, env) ? (name) => env[name] : () => undefined;
}
