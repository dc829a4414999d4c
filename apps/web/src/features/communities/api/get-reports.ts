import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { CommunityReport } from './types';

export type ReportStatus = CommunityReport['status'];

export const getReports = (id: number, status: ReportStatus, before: number | null) =>
  api<{ reports: CommunityReport[]; next_cursor: number | null }>(`/communities/${id}/reports`, { query: { status, before } });

export const reportsQuery = (id: number, status: ReportStatus) =>
  cursorPagesQuery([...communityKeys.reports(id), status], (before) => getReports(id, status, before));

export const useReports = (id: number, status: ReportStatus) => useInfiniteQuery(reportsQuery(id, status));
