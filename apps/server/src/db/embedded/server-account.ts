import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The system account the server runs as when the app runs as root (PostgreSQL refuses to run as root). */
export interface Account {
  uid: number;
  gid: number;
  /** Hands a new cluster folder to the account and checks that it can reach the folder and the binaries. */
  prepare(dir: string, postgresBinary: string): void;
}

/** undefined for an ordinary user: the server runs as that user. As root, the `postgres` account, made if missing. */
export function serverAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let ids = lookUp('postgres');
  if (!ids) {
    spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    ids = lookUp('postgres');
  }
  if (!ids) {
    throw new Error(
      "running as root, and PostgreSQL refuses to run as root: there is no 'postgres' system user to run it as and " +
        'none could be made (useradd --system postgres); make one, or start Tribeverse as an ordinary user',
    );
  }
  const { uid, gid } = ids;
  return {
    uid,
    gid,
    prepare(dir, postgresBinary) {
      fs.chownSync(dir, uid, gid);
      // DATA_DIR is usually made by this app (or mkdtemp) with no access for others; the postgres user needs to pass
      // through it to its own folder. Search only: others still cannot list DATA_DIR, and its media are public anyway.
      const parent = path.dirname(dir);
      const mode = fs.statSync(parent).mode;
      if ((mode & 0o001) === 0 && fs.statSync(parent).uid === 0) fs.chmodSync(parent, mode | 0o001);
      const check = spawnSync('/bin/sh', ['-c', 'test -w "$1" -a -x "$1" || exit 3; test -x "$2" || exit 4', 'sh', dir, postgresBinary], {
        uid,
        gid,
        cwd: '/',
      });
      if (check.status === 3 || check.status === 4) {
        const what = check.status === 3 ? dir : postgresBinary;
        throw new Error(
          `PostgreSQL runs as the system user postgres (it refuses to run as root), and that user cannot reach ${what}: ` +
            'put DATA_DIR (and the app) where that user may go, or start Tribeverse as an ordinary user',
        );
      }
    },
  };
}

function lookUp(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a command (as the server's account, when there is one) and collects what it printed. */
export function runAs(command: string, args: string[], options: { cwd: string; account?: Account }) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      uid: options.account?.uid,
      gid: options.account?.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
