import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportsPage, InstanceReport, ResolveInstanceReportBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { useAdminMutation } from './admin-mutation';
import { adminKeys } from './keys';

export type ReportStatus = 'open' | 'resolved';

/** GET /api/admin/reports: the queue, newest first, a page at a time. */
export const useAdminReports = (status: ReportStatus) =>
  useInfiniteQuery(
    cursorPagesQuery(adminKeys.reports(status), (before) => api<AdminReportsPage>('/admin/reports', { query: { status, before } })),
  );

/** Dismiss, remove the content, or suspend its author: the report leaves the open queue, the audit log gains a line. */
export const useResolveReport = () =>
  useAdminMutation(({ id, ...body }: ResolveInstanceReportBody & { id: number }) =>
    api<InstanceReport>(`/admin/reports/${id}/resolve`, { method: 'POST', body }),
  );
