import { api } from '../../../lib/api-client';
import { useMemberMutation } from './member-mutation';
import type { CommunityMember, CommunityRole } from './types';

export type MemberChange = { role: CommunityRole } | { timeout_until: string | null };

export const updateMember = (id: number, userId: number, change: MemberChange) =>
  api<CommunityMember>(`/communities/${id}/members/${userId}`, { method: 'PATCH', body: change });

export const useUpdateMember = (id: number) =>
  useMemberMutation(id, ({ userId, change }: { userId: number; change: MemberChange }) => updateMember(id, userId, change));
