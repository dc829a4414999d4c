import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { AuditEntry } from './types';

export const getAudit = (id: number, before: number | null) =>
  api<{ entries: AuditEntry[]; next_cursor: number | null }>(`/communities/${id}/audit`, { query: { before } });

export const auditQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.audit(id),
    queryFn: ({ pageParam }) => getAudit(id, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useAudit = (id: number) => useInfiniteQuery(auditQuery(id));
