// Entry of dist/emulator.js. Executed (`node dist/emulator.js`): runs the CLI. Required (the extension
// host loads the bundle lazily): only exports startEmulator, starts nothing.
import { CliUsageError, parseCli, USAGE } from './cli';
import type { EmulatorOptions } from './options';
import { startEmulator } from './server';

export { startEmulator };

async function runCli(): Promise<void> {
  let options: EmulatorOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const running = await startEmulator(options);
  process.stdout.write(`listening on ${running.url}\n`);
  // A key the user chose is theirs to know; a random one must be told, or nobody could use the emulator.
  if (options.apiKey === undefined) process.stdout.write(`api key: ${running.apiKey}\n`);
  const shutdown = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

// esbuild's CJS output keeps `require.main` and `module` as node's own, so this holds exactly when the
// bundle (or this file under tsx) is the program being run, not when it is require()d.
if (typeof require !== 'undefined' && typeof module !== 'undefined' && require.main === module) {
  runCli().catch((error: unknown) => {
    process.stderr.write(`emulator failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
