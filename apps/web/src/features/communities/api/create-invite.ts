import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Invite } from './types';

export interface InviteOptions {
  expires_in_hours?: number;
  max_uses?: number | null;
}

export const createInvite = (id: number, options: InviteOptions) =>
  api<Invite>(`/communities/${id}/invites`, { method: 'POST', body: options });

export function useCreateInvite(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (options: InviteOptions) => createInvite(id, options),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.invites(id) }),
  });
}
