import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { serveFetch, type Answer } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { signInAs } from './admin.test-support';
import { AdminPage } from './admin-page';

/** One page of the report queue. */
export const page = (reports: unknown[]) => [200, { reports, next_cursor: null }] as Answer;
export const noModerators: Answer = [200, { moderators: [] }];

/** The admin area at `at`, as Ann with this role, the server answering `routes`; what it was asked. */
export function renderAdmin(role: User['instance_role'], routes: Record<string, Answer[]>, at = '/admin/reports') {
  signInAs(role);
  vi.spyOn(toast, 'success').mockImplementation(() => {});
  const calls = serveFetch({ '/api/admin/moderators': [noModerators], ...routes });
  const router = createMemoryRouter([{ path: '/admin/:tab?', element: <AdminPage /> }], { initialEntries: [at] });
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return { calls, router, sent: () => calls.filter((c) => c.method !== 'GET') };
}
