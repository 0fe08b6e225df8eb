// The commands port of the workspace host: a command started in the user's shell, its standard input
// closed, shown in a terminal (a VS Code terminal in the extension, shellProcess.ts underneath); the host
// stops whatever is still running when the window closes.

export interface CommandRequest {
  command: string;
  cwd: string;
  /** The name of the terminal that shows the command to the user. */
  title: string;
  /** Every piece of output (stdout and stderr) as it arrives. */
  onOutput: (text: string) => void;
}

export interface CommandExit {
  /** Undefined when the process was killed (stopped) or could not start. */
  exitCode: number | undefined;
  /** Why it could not start, when it could not. */
  error?: string;
}

/** A process of a command that is still running after the command was stopped: the system refused to end it. */
export interface ProcessLeftRunning {
  pid: number;
  /** Its command line, as the system lists it (empty when it could not be read). */
  commandLine: string;
}

/** A command started by the host: it runs until it exits or is stopped, whoever waits on it. */
export interface CommandProcess {
  /** The process id of the shell that runs the command (the leader of its process group). */
  readonly pid: number | undefined;
  /** Settles when the process has exited and its output has ended. */
  readonly exited: Promise<CommandExit>;
  /**
   * Kills the command and everything it started (its process group, and what left the group), also
   * after the command itself exited; resolves once it exited, with what could not be stopped.
   */
  stop(): Promise<ProcessLeftRunning[]>;
}

export interface WorkspaceCommands {
  startCommand(request: CommandRequest): Promise<CommandProcess>;
}
