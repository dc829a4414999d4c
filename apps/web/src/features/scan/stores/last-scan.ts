import { useSyncExternalStore } from 'react';
import type { ScanBody, ScanResult } from '@tribeverse/shared';

/**
 * The last scan and what was asked, for the results page. Kept in this tab's session storage: a reload shows the
 * same results without spending one of the hour's scans, and nothing outlives the tab.
 */
export interface LastScan {
  body: ScanBody;
  result: ScanResult;
}

const KEY = 'tribeverse.scan.last';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: LastScan | null } = { raw: null, value: null };
let unstored: string | null = null;

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): LastScan | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as LastScan;
  } catch {
    return null;
  }
}

/** The same object while the stored text is unchanged, as useSyncExternalStore requires. */
function read(): LastScan | null {
  const raw = readRaw() ?? unstored;
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function saveLastScan(scan: LastScan) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(scan));
  } catch {
    // Storage full or blocked: this tab still shows it until a reload.
    unstored = JSON.stringify(scan);
  }
  for (const listener of listeners) listener();
}

/** Updates one community of the last answer (after joining from the results). */
export function patchLastScanCommunity(id: number, patch: Record<string, unknown>) {
  const last = read();
  if (!last) return;
  saveLastScan({
    ...last,
    result: { ...last.result, communities: last.result.communities.map((c) => (c.id === id ? { ...c, ...patch } : c)) },
  });
}

export function useLastScan(): LastScan | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
