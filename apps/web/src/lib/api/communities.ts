import type { JoinResult } from '@tribeverse/shared';
import { api } from '../api-client';

/** Joins a public community at once, or asks a private one's admins (`status: 'requested'`). */
export const joinCommunity = (id: number) => api<JoinResult>(`/communities/${id}/join`, { method: 'POST' });
