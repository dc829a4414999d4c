import type { Challenge, Solution } from 'altcha-lib';
import type { AltchaChallenge } from '../api/instance';

function solveInWorker(challenge: Challenge): Promise<Solution | null> {
  // A bundled worker file of our own origin: the content security policy's worker-src 'self' allows it, no blob.
  const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Solution | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ solution: Solution | null }>) => resolve(event.data.solution);
    worker.onerror = () => resolve(null);
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
}

/**
 * Solves the sign-up challenge and returns what the server takes as `altcha`: base64 JSON of {challenge, solution},
 * as the altcha widget sends it. Off the main thread where workers exist; in place where they do not.
 */
export async function solveProofOfWork(challenge: AltchaChallenge): Promise<string> {
  const task = challenge as Challenge;
  const solution = typeof Worker === 'undefined' ? await (await import('./solve-altcha')).solveAltcha(task) : await solveInWorker(task);
  if (!solution) throw new Error('The check took too long.');
  return btoa(JSON.stringify({ challenge, solution }));
}
