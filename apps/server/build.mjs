// The server as `npm start` runs it: one ES module, dist/server.mjs, with the workspace's own code (this package and
// @tribeverse/shared) bundled and every npm package left to node_modules. Running built JavaScript rather than
// compiling TypeScript as it loads keeps neither a compiler nor each module's TypeScript source and inline map in the
// process: less resident memory, idle and just after start (README, "Benchmarks").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = import.meta.dirname;

/** What `node` runs: source maps on, so a logged error's stack names the TypeScript lines. */
export const serverArgs = ['--enable-source-maps', path.join(here, 'dist/server.mjs')];

/** Builds dist/server.mjs from the sources as they are now (a fraction of a second). */
export async function buildServer() {
  await build({
    absWorkingDir: here,
    entryPoints: ['src/server.ts'],
    outfile: 'dist/server.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@tribeverse/shared': path.join(here, '../../packages/shared/src/index.ts') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
