// The server as `npm start` runs it: one ES module, dist/server.mjs, with the workspace's own code (this package and
// @tribeverse/shared) bundled and every npm package left to node_modules. Running built JavaScript rather than
// compiling TypeScript as it loads keeps neither a compiler nor each module's TypeScript source and inline map in the
// process: less resident memory, idle and just after start (README, "Benchmarks").
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = import.meta.dirname;

/**
 * The runtime's settings the server runs with; the benchmarks give the same to the bare servers they measure it
 * against, so a ratio compares code with code.
 *
 * V8's garbage collector has a pool of helper threads, four whatever the machine. On two cores a full collection's
 * concurrent marking then takes both cores at once for tens of milliseconds (about 250 ms of CPU per collection with
 * 1,000 members connected), so the event loop, the embedded database and the members' connections all wait: nearly
 * every chat message sent in that window arrived 25–50 ms late. One helper for each core the event loop leaves (at
 * least one, at most the four of the default) keeps marking beside the event loop without taking the database's core.
 * Measured (README, "Not done yet"): private chat's capacity at 1,000 clients went from 2,000–3,000 to 3,000–4,000
 * msg/s on a 2-core machine, while the bare relay's stayed within its swing.
 *
 * The young generation may grow to 64 MB a semi-space (V8's default is 16): a chat message's objects live for its
 * database round trip, and at thousands of messages a second a young collection came every quarter second, often
 * enough that the objects of messages in flight survived two of them and were moved to the old generation, to die
 * there. That filled the old generation by about 5 MB/s at 2,500 msg/s, so a full collection (its pause and its
 * marking beside the event loop) came every 3–4 s. With the larger young generation a young collection comes about
 * once a second and promotes a fifth as much: no full collection in 15 s at 2,500 msg/s, and the p99 at that rate
 * went from 37–41 ms to 16–17 ms. The space grows only under such load; an idle server keeps V8's small start.
 *
 * After a full collection the old generation may grow to twice what survived it before the next one (V8 chose about
 * 1.3 times here: 58 MB alive, the next collection at 77 MB). What still reaches the old generation under load is
 * mostly short-lived, so a full collection finds little more alive whenever it comes, and it comes a third as often
 * (traced at 3,000 msg/s: two in 40 s of load against six). Measured on the default install, app alone, interleaved:
 * p99 at 3,000 msg/s 52–94 ms (failing both rounds) before, 18–32 ms (passing both) after. The price is memory under
 * load, at most the live heap once more; an idle server's collections are started by V8's memory reducer as before.
 */
export const runtimeFlags = [
  `--v8-pool-size=${Math.min(4, Math.max(1, os.availableParallelism() - 1))}`,
  '--max-semi-space-size=64',
  '--heap-growing-percent=100',
];

/** What `node` runs: source maps on, so a logged error's stack names the TypeScript lines. */
export const serverArgs = ['--enable-source-maps', ...runtimeFlags, path.join(here, 'dist/server.mjs')];

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
