/**
 * Member budgets count in fixed windows (a key per member and window, the windows' edges at multiples of their length
 * since the epoch), so a test that fills a budget and expects the next write refused must not straddle an edge: the
 * next window starts afresh, as it does for members. Waits for the next window when less than `needMs` of this one is
 * left.
 */
export async function clearOfWindowEdge(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
