// Runs model-chosen regular expressions off the extension host's main thread. JavaScript's regex engine
// backtracks, so a pattern such as (a+)+$ can run for minutes on one line; on the main thread that
// would freeze every extension. Here it runs in a worker that is terminated at the deadline, and the
// next search gets a fresh one. The worker's source is inline, so it needs no bundle entry of its own.
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, source, flags, text, maxMatches }) => {
  try {
    const pattern = new RegExp(source, flags);
    const lines = text.split('\\n');
    const found = [];
    for (let i = 0; i < lines.length && found.length < maxMatches; i++) {
      pattern.lastIndex = 0;
      if (pattern.test(lines[i])) found.push(i);
    }
    parentPort.postMessage({ id, found });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Answer {
  id: number;
  found?: number[];
  error?: string;
}

export class RegexLineMatcher {
  private worker: Worker | undefined;
  private nextId = 0;

  async matchLines(pattern: { source: string; flags: string }, text: string, options: { maxMatches: number; timeoutMs: number }): Promise<number[] | 'timeout'> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        this.stop();
        resolve('timeout');
      }, options.timeoutMs);
      const onMessage = (answer: Answer): void => {
        if (answer.id !== id) return;
        cleanup();
        if (answer.error !== undefined) reject(new SyntaxError(answer.error));
        else resolve(answer.found ?? []);
      };
      const onExit = (): void => {
        cleanup();
        reject(new Error('the search worker stopped'));
      };
      const cleanup = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.postMessage({ id, source: pattern.source, flags: pattern.flags, text, maxMatches: options.maxMatches });
    });
  }

  dispose(): void {
    this.stop();
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    worker.on('error', () => this.stop());
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
