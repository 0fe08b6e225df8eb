// Bundles test/integration (index.ts and every *.test.ts, however deep) for the extension host: CommonJS,
// `vscode` provided by the host, mocha loaded from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from './toolPaths';

export const integrationSource = path.join(repoRoot, 'test', 'integration');
export const integrationOut = path.join(repoRoot, 'out', 'integration');

export async function buildIntegrationTests(): Promise<string> {
  const tests = fs
    .readdirSync(integrationSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(integrationSource, file));
  fs.rmSync(integrationOut, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(integrationSource, 'index.ts'), ...tests],
    outdir: integrationOut,
    outbase: integrationSource,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return path.join(integrationOut, 'index.js');
}

if (require.main === module) {
  buildIntegrationTests().then(
    (index) => console.log(`built ${path.relative(repoRoot, index)}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
