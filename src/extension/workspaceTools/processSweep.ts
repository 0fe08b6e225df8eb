// Finds and kills every process one command started, including those that left its process group:
// `setsid`, a double fork, a daemon reparented to init. Each command's environment carries a random
// tag (PROCESS_TAG_VARIABLE) that every descendant inherits whatever session or parent it ends up
// with; on Linux, /proc tells which processes of this user carry it. The tree below the shell, seen
// while the command ran, covers a descendant that cleared its environment (`env -i`) before it left.
// Elsewhere (no /proc) only the process group is killed. No vscode import.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { ProcessLeftRunning } from '../../core/tools/workspaceCommands';

/** The variable that tags every process of one command. Its value is random, so it names nothing else. */
export const PROCESS_TAG_VARIABLE = 'SVC_PROCESS_TAG';

export function newProcessTag(): string {
  return randomBytes(16).toString('hex');
}

interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** Clock ticks since boot at its start: with the pid, one process for the system's lifetime. */
  startTime: string;
}

/** Sends a signal; throws as process.kill does (EPERM, ESRCH). Replaceable so a refused kill can be shown. */
export type SendSignal = (pid: number, signal: NodeJS.Signals) => void;

export interface ProcessSweepOptions {
  tag: string;
  /** The shell's pid: the leader of the command's process group and session. */
  rootPid: number | undefined;
  sendSignal?: SendSignal;
  /** Where the process table is read (a test may point it at a copy); default /proc. */
  procRoot?: string;
}

/** Rounds of kill-and-look-again: a process that forks while being killed leaves a tagged child for the next round. */
const SWEEP_ROUNDS = 50;
const ROUND_PAUSE_MS = 20;

export function canSweep(procRoot = '/proc'): boolean {
  return process.platform === 'linux' && readDirOrEmpty(procRoot).length > 0;
}

/** The command's processes and their descendants, remembered by pid and start time while it runs. */
export class ProcessSweep {
  private readonly seen = new Map<number, string>();
  private readonly procRoot: string;
  private readonly sendSignal: SendSignal;
  private readonly uid = process.getuid?.();

  constructor(private readonly options: ProcessSweepOptions) {
    this.procRoot = options.procRoot ?? '/proc';
    this.sendSignal = options.sendSignal ?? ((pid, signal) => process.kill(pid, signal));
  }

  /** Notes every process below the shell now, so one that later leaves with a cleared environment is still known. */
  remember(): void {
    const table = this.table();
    const root = table.find((entry) => entry.pid === this.options.rootPid);
    if (root && !this.seen.has(root.pid)) this.seen.set(root.pid, root.startTime);
    // The tree alone: reading every process's environment each time would cost more than it finds.
    for (const entry of this.members(table, { byTag: false })) this.seen.set(entry.pid, entry.startTime);
  }

  /** One pass: kills every process of the command that runs now. Synchronous, for the window's last moments. */
  killOnce(): void {
    for (const entry of this.members(this.table(), { byTag: true })) this.kill(entry.pid);
  }

  /**
   * Kills every process of the command, looking again until none is left or the rounds run out;
   * resolves with those still running (a process of another user, one the system will not let go).
   */
  async killAll(): Promise<ProcessLeftRunning[]> {
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const members = this.members(this.table(), { byTag: true });
      if (members.length === 0) return [];
      for (const { pid } of members) this.kill(pid);
      await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
    }
    return this.members(this.table(), { byTag: true }).map(({ pid }) => ({ pid, commandLine: this.commandLine(pid) }));
  }

  /** A refusal (EPERM) is not thrown: the process then shows among those left running. */
  private kill(pid: number): void {
    try {
      this.sendSignal(pid, 'SIGKILL');
    } catch {
      // Gone already (ESRCH), or refused: the next look tells which.
    }
  }

  /** The living processes of the command: tagged, in its group or session, seen below it, or below any of those. */
  private members(table: ProcEntry[], { byTag }: { byTag: boolean }): ProcEntry[] {
    const root = this.options.rootPid;
    // The group and session carry the shell's pid; once that pid is another process's, they are someone else's.
    const holder = table.find((entry) => entry.pid === root);
    const rootIsOurs = root !== undefined && (holder === undefined || this.seen.get(root) === holder.startTime);
    const chosen = new Map<number, ProcEntry>();
    for (const entry of table) {
      const belongs = (rootIsOurs && (entry.pgid === root || entry.sid === root)) || this.seen.get(entry.pid) === entry.startTime || (byTag && this.tagged(entry.pid));
      if (belongs) chosen.set(entry.pid, entry);
    }
    // Descendants of the chosen ones, to a fixed point: a child that cleared its environment but kept its parent.
    let grew = true;
    while (grew) {
      grew = false;
      for (const entry of table) {
        if (!chosen.has(entry.pid) && chosen.has(entry.ppid)) {
          chosen.set(entry.pid, entry);
          grew = true;
        }
      }
    }
    chosen.delete(process.pid);
    return [...chosen.values()];
  }

  private tagged(pid: number): boolean {
    try {
      return readFileSync(`${this.procRoot}/${pid}/environ`, 'latin1').split('\0').includes(`${PROCESS_TAG_VARIABLE}=${this.options.tag}`);
    } catch {
      return false;
    }
  }

  private commandLine(pid: number): string {
    try {
      return readFileSync(`${this.procRoot}/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      return '';
    }
  }

  /** This user's living processes (zombies run nothing and cannot be killed further). */
  private table(): ProcEntry[] {
    const entries: ProcEntry[] = [];
    for (const name of readDirOrEmpty(this.procRoot)) {
      if (!/^\d+$/.test(name)) continue;
      const entry = this.entry(Number(name));
      if (entry) entries.push(entry);
    }
    return entries;
  }

  private entry(pid: number): ProcEntry | undefined {
    try {
      if (this.uid !== undefined && statSync(`${this.procRoot}/${pid}`).uid !== this.uid) return undefined;
      const stat = readFileSync(`${this.procRoot}/${pid}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces or parentheses itself: the fields follow the last ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
      return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]), startTime: fields[19] ?? '' };
    } catch {
      return undefined;
    }
  }
}

function readDirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
