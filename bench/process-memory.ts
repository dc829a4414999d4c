import fs from 'node:fs';

/** Resident memory (VmRSS) of one process, in bytes; 0 once it is gone. Linux only (/proc). */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/**
 * The process's resident memory, and that of it with every process it started (a database server the app runs
 * itself would be one): what the machine gives to the server either way.
 */
export function processTreeRss(pid: number) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!));
  return { main: rssOf(pid), tree: all.reduce((sum, p) => sum + rssOf(p), 0) };
}
