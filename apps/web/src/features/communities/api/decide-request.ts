import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useMemberMutation } from './member-mutation';

export type Decision = 'approve' | 'decline';

export const decideRequest = (id: number, userId: number, decision: Decision) =>
  api<unknown>(`/communities/${id}/requests/${userId}/${decision}`, { method: 'POST' });

export const useDecideRequest = (id: number) =>
  useMemberMutation(id, ({ userId, decision }: { userId: number; decision: Decision }) => decideRequest(id, userId, decision), [
    communityKeys.requests(id),
  ]);
