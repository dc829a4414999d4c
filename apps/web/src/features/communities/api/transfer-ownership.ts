import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { Community } from './types';

/** The owner hands the community over (then may leave); sensitive, so it asks for the password. */
export const transferOwnership = (id: number, userId: number, password: string) =>
  api<Community>(`/communities/${id}/transfer`, { method: 'POST', body: { user_id: userId, password } });

export const useTransferOwnership = (id: number) =>
  useRefreshingMutation(
    ({ userId, password }: { userId: number; password: string }) => transferOwnership(id, userId, password),
    communityKeys.all,
  );
