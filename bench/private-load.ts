/** The chat benchmarks' steady load of private messages (chat.bench.ts, cluster.bench.ts). */
import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';

const TICK_MS = 5;

/** What a load has out: messages sent and not yet delivered (client_id -> send time), answers awaited, refusals by code. */
export interface LoadTally {
  inFlight: Map<string, number>;
  acksPending: number;
  failedAcks: number;
  errors: Map<string, number>;
}

export const newTally = (errors = new Map<string, number>()): LoadTally => ({ inFlight: new Map(), acksPending: 0, failedAcks: 0, errors });

/**
 * Sends `total` private messages at `rate` per second from the members' sockets (sockets[i] is members[i]'s), checking
 * every 5 ms and catching up on ticks the timer fired late, so the rate holds. Each round pairs every member with a
 * different peer, never itself; `serial` numbers the messages across calls, so the rounds carry on from the last
 * call. The receivers' listeners take delivered messages out of `tally.inFlight`. Resolves once the last one went
 * out, with the serial to carry on from.
 */
export async function sendPrivateMessages(
  sockets: Socket[],
  members: Array<{ id: number }>,
  load: { rate: number; total: number; serial: number },
  tally: LoadTally,
) {
  let { serial } = load;
  let count = 0;
  const started = performance.now();
  const answered = (clientId: string) => (ack: { ok: boolean; code?: string }) => {
    tally.acksPending--;
    if (ack.ok) return;
    tally.failedAcks++;
    tally.errors.set(ack.code ?? '?', (tally.errors.get(ack.code ?? '?') ?? 0) + 1);
    tally.inFlight.delete(clientId);
  };
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(load.total, Math.floor(((performance.now() - started) / 1000) * load.rate)) - count;
      for (let k = 0; k < due; k++, count++, serial++) {
        const from = serial % members.length;
        const to = (from + 1 + (Math.floor(serial / members.length) % (members.length - 1))) % members.length;
        const client_id = crypto.randomUUID();
        tally.inFlight.set(client_id, performance.now());
        tally.acksPending++;
        sockets[from]!.emit('message:send', { peer_id: members[to]!.id, text: `m${serial}`, client_id }, answered(client_id));
      }
      if (count >= load.total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  return serial;
}

/** Until every message sent was delivered and answered, or `ms` passed: what is left in flight then counts as lost. */
export async function drained(tally: LoadTally, ms: number) {
  const deadline = performance.now() + ms;
  while ((tally.inFlight.size || tally.acksPending) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
