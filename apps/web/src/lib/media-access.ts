import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { readToken } from './storage';

/*
 * Chat and community chat files are private: the server sends one only to a member who may see its message, which it
 * learns from an HttpOnly cookie (an <img> or a download link cannot carry the bearer token). POST /api/media/access
 * sets that cookie for the session in use; it is asked once per session and page load, and again when a file fails
 * to load (the cookie ran out or belongs to an earlier session). The links themselves never change or expire, so
 * cached messages keep working after a reload.
 */

interface State {
  /** The session the cookie was last asked for. */
  token: string | null;
  /** Asked and answered (or failed: the files are tried anyway, the cookie may still be there from before). */
  ready: boolean;
  /** Bumped after the cookie is asked for again, so files that failed are fetched again. */
  round: number;
}

let state: State = { token: null, ready: false, round: 0 };
let lastAsked = 0;
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

function ask(token: string, again: boolean) {
  lastAsked = Date.now();
  set({ token, ready: again && state.token === token ? state.ready : false, round: state.round });
  const done = () => {
    if (state.token === token) set({ token, ready: true, round: state.round + (again ? 1 : 0) });
  };
  void api('/media/access', { method: 'POST', token }).then(done, done);
}

/** The cookie for the stored session, asked for unless it already was (or is being) in this page. */
function ensure() {
  const token = readToken();
  if (token && token !== state.token) ask(token, false);
}

/** A file did not load: ask for the cookie again (at most every 10 seconds, however many files failed). */
function renew() {
  const token = readToken();
  if (token && Date.now() - lastAsked > 10_000) ask(token, true);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const snapshot = () => state;

/**
 * For a message's file: `ready` once this browser holds the media cookie for the session (show the picture only
 * then, or its first fetch would fail), `key` to remount the picture with after a renewal, `onError` for the <img>.
 */
export function usePrivateMedia() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(ensure, []);
  const [failedRound, setFailedRound] = useState<number | null>(null);
  const onError = useCallback(() => {
    // Once per renewal: a file that still fails (deleted, no longer a member) is left as it is.
    if (failedRound !== state.round) renew();
    setFailedRound(state.round);
  }, [failedRound]);
  return { ready: current.ready && current.token === readToken(), key: `media-${current.round}`, onError };
}

/** Tests start from a page that has asked nothing yet. */
export function resetPrivateMediaForTests() {
  state = { token: null, ready: false, round: 0 };
  lastAsked = 0;
}
