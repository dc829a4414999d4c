/**
 * Child process of chat.bench.ts under BENCH_TRACE_STALLS: flushes a page to the disk the default install's database
 * writes to (the system's temporary folder) every 10 ms, and prints each flush of 15 ms or more on the wall clock the
 * benchmark's timeline uses. Every commit waits for such a flush, so a slow window beside a slow flush here is the
 * disk's, not the app's. A process of its own, so that neither the clients' event loop nor the server's is in the
 * figure, and so little work that it loads neither.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clock } from './clock.ts';

const THRESHOLD_MS = 15;
const file = path.join(os.tmpdir(), `tribeverse-disk-probe-${process.pid}`);
const fd = fs.openSync(file, 'w');
const page = Buffer.alloc(8192, 1);

const timer = setInterval(() => {
  fs.writeSync(fd, page, 0, page.length, 0);
  const started = Date.now();
  const t0 = performance.now();
  fs.fdatasyncSync(fd);
  const ms = performance.now() - t0;
  if (ms >= THRESHOLD_MS) console.log(`    disk ${clock(started)}: a flush took ${ms.toFixed(1)} ms`);
}, 10);

function stop() {
  clearInterval(timer);
  fs.closeSync(fd);
  fs.rmSync(file, { force: true });
  process.exit(0);
}
// The benchmark ends it, or it ends with the benchmark.
process.on('SIGTERM', stop);
process.on('disconnect', stop);
