import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { MemberPage } from './types';

export const getMembers = (id: number, before: string | null) => api<MemberPage>(`/communities/${id}/members`, { query: { before } });

export const membersQuery = (id: number) => cursorPagesQuery(communityKeys.members(id), (before: string | null) => getMembers(id, before));

export const useMembers = (id: number, enabled = true) => useInfiniteQuery({ ...membersQuery(id), enabled });
