import { api } from '../../../lib/api-client';
import { useMemberMutation } from './member-mutation';

/** Removed members may come back; banned ones cannot join or ask again. */
export const removeMember = (id: number, userId: number, ban: boolean) =>
  api<void>(`/communities/${id}/members/${userId}`, { method: 'DELETE', query: { ban: ban ? 'true' : undefined } });

export const useRemoveMember = (id: number) =>
  useMemberMutation(id, ({ userId, ban }: { userId: number; ban: boolean }) => removeMember(id, userId, ban));
