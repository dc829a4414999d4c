import type { IceServers } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** Past the server's wait for a party whose socket closed, before a broken media path is given up. */
const GIVE_UP_MARGIN_MS = 10_000;
/** The server's default wait (CALL_RECONNECT_SECONDS), for an answer without one (a process not yet upgraded). */
const DEFAULT_RECONNECT_SECONDS = 20;

export interface IceConfig {
  servers: RTCIceServer[];
  /** How long a talk whose media path broke waits for it to come back: a little past the server's own wait. */
  giveUpMs: number;
}

const giveUpAfter = (reconnectSeconds: number) => reconnectSeconds * 1000 + GIVE_UP_MARGIN_MS;

/** When the server could not be asked: no ICE servers (host candidates only), and its default wait. */
export const NO_ICE_SERVERS: IceConfig = { servers: [], giveUpMs: giveUpAfter(DEFAULT_RECONNECT_SECONDS) };

/**
 * STUN and TURN for this member, TURN with credentials that expire: fetched for every call, never cached. With them,
 * how long a talk whose media path broke waits for it to come back: a little past the server's own wait.
 */
export async function getIceServers(): Promise<IceConfig> {
  const { ice_servers, reconnect_seconds } = await api<IceServers>('/calls/ice-servers');
  return {
    servers: ice_servers,
    giveUpMs: giveUpAfter(Number.isFinite(reconnect_seconds) ? reconnect_seconds : DEFAULT_RECONNECT_SECONDS),
  };
}
