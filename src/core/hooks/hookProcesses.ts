// The port through which hooks run: the extension starts the command in the user's shell with the
// agent's scrubbed environment (src/extension/hooks/hookProcess.ts). Core decides what to run, when and
// what the answer means; this port only runs it.

export interface HookProcessRequest {
  command: string;
  /** Absolute folder it runs in: the workspace folder. */
  cwd: string;
  /** Written to its standard input, which is then closed. */
  stdin: string;
  /** Killed, with everything it started, once this has passed. */
  timeoutMs: number;
  /** Variables added to the scrubbed environment (`CLAUDE_PROJECT_DIR`, which Claude Code's hook commands use). */
  variables: Record<string, string>;
}

export interface HookProcessResult {
  /** Undefined when it was killed (time limit) or could not start. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why it could not start, when it could not. */
  error?: string;
}

export interface HookProcesses {
  run(request: HookProcessRequest): Promise<HookProcessResult>;
}
