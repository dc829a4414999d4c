import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { adminKeys } from './keys';

/** GET /api/admin/audit: who did what to whom, newest first. */
export const useAdminAudit = () =>
  useInfiniteQuery(cursorPagesQuery(adminKeys.audit, (before) => api<AdminAuditPage>('/admin/audit', { query: { before } })));
