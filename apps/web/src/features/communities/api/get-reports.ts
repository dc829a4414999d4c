import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityReport } from './types';

export type ReportStatus = CommunityReport['status'];

export const getReports = (id: number, status: ReportStatus, before: number | null) =>
  api<{ reports: CommunityReport[]; next_cursor: number | null }>(`/communities/${id}/reports`, { query: { status, before } });

export const reportsQuery = (id: number, status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: [...communityKeys.reports(id), status],
    queryFn: ({ pageParam }) => getReports(id, status, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useReports = (id: number, status: ReportStatus) => useInfiniteQuery(reportsQuery(id, status));
