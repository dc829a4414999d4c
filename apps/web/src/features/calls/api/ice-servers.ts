import type { IceServers } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** STUN and TURN for this member, TURN with credentials that expire: fetched for every call, never cached. */
export async function getIceServers(): Promise<RTCIceServer[]> {
  const { ice_servers } = await api<IceServers>('/calls/ice-servers');
  return ice_servers;
}
