import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { runAs, serverAccount, type Account } from './server-account.ts';

/** Only names the socket file: the server listens on no TCP port, so clusters in two folders never collide. */
const PORT = 5432;
/** Crash recovery after a kill can replay a lot of WAL; a live server gets this long to become ready. */
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 30_000;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export interface ClusterOptions {
  /** The cluster's folder; created and initialised (initdb) on first use. */
  dir: string;
  /** Server settings on top of the defaults (the test run turns durability off: its data is thrown away). */
  settings?: Record<string, string>;
  initdbFlags?: string[];
}

export interface Cluster {
  /** The postmaster's process id. */
  pid: number;
  /** A connection string for one database of the cluster, over its unix socket. */
  url(database: string): string;
  /** Stops the server if this process exits without calling stop() (process.exit, an uncaught error). */
  stopWhenProcessExits(): void;
  /** Fast shutdown (sessions ended, a checkpoint written), resolved once the server has exited. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL server on the folder `dir`, started from the npm-shipped binaries, or the one already running there:
 * a server outlives an app killed with -9 and is picked up again by the next start (its data is intact: commits are
 * fsynced). Stale lock files are left to PostgreSQL, except one naming a live process that is not this server.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = path.resolve(options.dir);
  const binaries = findPostgresBinaries();
  const account = serverAccount();
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, binaries, account, options.initdbFlags ?? []);
  const socketDir = socketDirectory(dir, account);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const pid = postmasterPid(dir);
    if (pid && isPostmasterOf(pid, dir)) {
      // Running already: left by a killed app, or being started or stopped by another process right now.
      if (await canConnect(socketDir)) return cluster(dir, socketDir, pid, null);
    } else {
      // A lock file naming a live process that is not this server (its pid was reused) would stop PostgreSQL.
      if (pid && isAlive(pid)) fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
      const child = await spawnServer(dir, socketDir, binaries, account, options.settings ?? {});
      if (child) return cluster(dir, socketDir, child.pid!, child);
      // null: another process started a server on this folder first; use that one once it is ready.
    }
    if (Date.now() > deadline) throw new Error(`the PostgreSQL server in ${dir} did not become ready (see ${logFile(dir)})`);
    await sleep(100);
  }
}

function cluster(dir: string, socketDir: string, pid: number, child: ChildProcess | null): Cluster {
  const onExit = () => signal(pid, 'SIGINT');
  const hasExited = child
    ? () => child.exitCode !== null || child.signalCode !== null
    : // Not our child: gone once its lock file is (a reaper may be slow) or the process is.
      () => !isAlive(pid) || postmasterPid(dir) !== pid;
  let stopping: Promise<void> | undefined;
  return {
    pid,
    url: (database) => `postgresql://postgres@localhost:${PORT}/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`,
    stopWhenProcessExits: () => void process.on('exit', onExit),
    stop() {
      process.off('exit', onExit);
      stopping ??= (async () => {
        signal(pid, 'SIGINT');
        const deadline = Date.now() + STOP_TIMEOUT_MS;
        while (!hasExited()) {
          // Immediate shutdown: no checkpoint, so the next start replays the WAL; nothing committed is lost.
          if (Date.now() > deadline) signal(pid, 'SIGQUIT');
          await sleep(20);
        }
      })();
      return stopping;
    },
  };
}

async function initialise(dir: string, binaries: PostgresBinaries, account: Account | undefined, flags: string[]) {
  // Built beside its final place and renamed into it: a start killed half-way never leaves a half-made cluster.
  const staging = `${dir}.init-${process.pid}`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  if (account) account.prepare(staging, binaries.postgres);
  const result = await runAs(
    binaries.initdb,
    [
      `--pgdata=${staging}`,
      '--username=postgres',
      // Only the owner of the socket's folder can connect; the server does not listen on TCP.
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      // The same on every platform: code-point order, Unicode case mapping (as the embedded PGlite did).
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      ...flags,
    ],
    { cwd: staging, account },
  );
  if (result.code !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`initdb failed: ${lastLines(result.output)}`);
  }
  try {
    fs.renameSync(staging, dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another process initialised it at the same moment: use theirs.
    if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
      throw new Error(`${dir} exists and holds no PostgreSQL data (${(error as Error).message})`, { cause: error });
  }
}

/** Resolves with the child once it accepts connections, or null when it could not start yet (see below). */
async function spawnServer(
  dir: string,
  socketDir: string,
  binaries: PostgresBinaries,
  account: Account | undefined,
  extra: Record<string, string>,
) {
  const log = logFile(dir);
  rotate(log);
  const from = fs.existsSync(log) ? fs.statSync(log).size : 0;
  const settings: Record<string, string> = {
    listen_addresses: '',
    port: String(PORT),
    unix_socket_directories: `"${socketDir}"`,
    unix_socket_permissions: '0700',
    timezone: 'UTC',
    // A new WAL file is not written full of zeros first: on a fresh or busy server that write (16 MB, then synced)
    // held up every commit waiting behind it, 70-170 ms at a time under steady chat traffic. Durability is the same:
    // each commit still waits for its WAL to be synced.
    wal_init_zero: 'off',
    ...extra,
  };
  const fd = fs.openSync(log, 'a');
  const child = spawn(binaries.postgres, ['-D', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])], {
    cwd: dir,
    // Its own process group: Ctrl-C in a terminal reaches the app, which finishes its requests and then stops the
    // server, instead of the server going down under requests still in flight.
    detached: true,
    stdio: ['ignore', fd, fd],
    uid: account?.uid,
    gid: account?.gid,
  });
  fs.closeSync(fd);
  child.unref();
  let failure: Error | undefined;
  child.on('error', (error) => (failure = error));
  while (child.exitCode === null && child.signalCode === null && !failure) {
    if (await canConnect(socketDir)) return child;
    await sleep(25);
  }
  if (failure) throw failure;
  const output = readFrom(log, from);
  // Another server holds the folder, or the processes of one just killed have not all exited yet: try again.
  if (/lock file "postmaster\.pid" already exists|pre-existing shared memory block/.test(output)) return null;
  throw new Error(`PostgreSQL did not start: ${lastLines(output)}`);
}

/**
 * The socket lives in the cluster's folder; a unix socket path may hold only about 100 bytes, so a deep folder gets
 * a private one under the system's temporary folder, named after the cluster so every start finds it again.
 */
function socketDirectory(dir: string, account: Account | undefined) {
  const limit = process.platform === 'linux' ? 107 : 103;
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${PORT}.lock`)) <= limit) return dir;
  const short = path.join(os.tmpdir(), `tribeverse-pg-${crypto.createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
  fs.mkdirSync(short, { recursive: true, mode: 0o700 });
  if (account) fs.chownSync(short, account.uid, account.gid);
  return short;
}

async function canConnect(socketDir: string) {
  const client = new pg.Client({ host: socketDir, port: PORT, user: 'postgres', database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    // No socket yet, or the server is starting up, recovering or shutting down.
    return false;
  }
}

function postmasterPid(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether the live process `pid` is the server of `dir` (a postmaster works inside its data folder). */
function isPostmasterOf(pid: number, dir: string) {
  if (!isAlive(pid)) return false;
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(dir);
  } catch {
    // No /proc (macOS): trust a process that is a postgres.
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).includes('postgres');
    } catch {
      return false;
    }
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

export function logFile(dir: string) {
  return path.join(dir, 'postgres.log');
}

function rotate(log: string) {
  try {
    if (fs.statSync(log).size > LOG_ROTATE_BYTES) fs.renameSync(log, `${log}.old`);
  } catch {
    // No log yet.
  }
}

function readFrom(file: string, offset: number) {
  try {
    return fs.readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

function lastLines(text: string, count = 4) {
  return text.trim().split('\n').slice(-count).join(' | ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
