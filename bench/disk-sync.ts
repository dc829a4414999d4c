import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Times a page flushed to the disk the default install's database writes to (the system's temporary folder) every
 * 10 ms until stopped: every commit waits for such a flush, so its p99 is the floor under a durable send's delivery.
 */
export function sampleDiskSyncs(): () => number[] {
  const file = path.join(os.tmpdir(), `tribeverse-disk-sync-${process.pid}`);
  const fd = fs.openSync(file, 'w');
  const page = Buffer.alloc(8192, 1);
  const times: number[] = [];
  const timer = setInterval(() => {
    fs.writeSync(fd, page, 0, page.length, 0);
    const t0 = performance.now();
    fs.fdatasyncSync(fd);
    times.push(performance.now() - t0);
  }, 10);
  return () => {
    clearInterval(timer);
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    return times.sort((a, b) => a - b);
  };
}
