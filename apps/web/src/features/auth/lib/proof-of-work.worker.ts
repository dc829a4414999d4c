/// <reference lib="webworker" />
import { solveAltcha } from './solve-altcha';

/** Solves one challenge off the main thread, so the form keeps answering while the hashes run. */
self.onmessage = async (event: MessageEvent) => {
  try {
    self.postMessage({ solution: await solveAltcha(event.data) });
  } catch {
    self.postMessage({ solution: null });
  }
};
