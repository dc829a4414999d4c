import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PeerResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export const getPeer = (peerId: number) => api<PeerResponse>(`/chat/peers/${peerId}`);

export const peerQuery = (peerId: number) => queryOptions({ queryKey: chatKeys.peer(peerId), queryFn: () => getPeer(peerId) });

export const usePeer = (peerId: number | null) => useQuery({ ...peerQuery(peerId ?? 0), enabled: !!peerId });
