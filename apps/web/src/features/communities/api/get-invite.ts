import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Community } from './types';

/** What an invite link leads to, before accepting it; 410 when it no longer works. */
export const getInvite = (code: string) => api<{ community: Community; expires_at: string }>(`/invites/${encodeURIComponent(code)}`);

export const inviteQuery = (code: string) => queryOptions({ queryKey: ['invites', code], queryFn: () => getInvite(code), retry: false });

export const useInvite = (code: string) => useQuery(inviteQuery(code));
