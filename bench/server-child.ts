import type { ChildProcess } from 'node:child_process';

/**
 * A bench server run as a child process and spoken to over IPC: its first message says it is ready (or it exits),
 * then each request (`{ type }`) gets one answer.
 */
export function serverChild<R>(child: ChildProcess, name: string) {
  const ready = new Promise<R>((resolve, reject) => {
    child.once('message', (m) => resolve(m as R));
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send({ type });
    });
  const stop = () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.disconnect()));
  return { ready, ask, stop };
}
