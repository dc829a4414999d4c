import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAppeal, AdminAppealsPage, DecideAppealBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { useAdminMutation } from './admin-mutation';
import { adminKeys } from './keys';

export type AppealStatus = 'open' | 'decided';

/** GET /api/admin/appeals: members' appeals of removals and suspensions, newest first, a page at a time. */
export const useAdminAppeals = (status: AppealStatus) =>
  useInfiniteQuery(
    cursorPagesQuery(adminKeys.appeals(status), (before) => api<AdminAppealsPage>('/admin/appeals', { query: { status, before } })),
  );

/** Accepting reverses the action (the content is back, the suspension lifted); the member is told either way. */
export const useDecideAppeal = () =>
  useAdminMutation(({ id, ...body }: DecideAppealBody & { id: number }) =>
    api<AdminAppeal>(`/admin/appeals/${id}/decide`, { method: 'POST', body }),
  );
