import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationsPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** The notifications page's list, page after page; under ['notifications', 'list'] so live events refresh it too. */
export const notificationPagesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list', 'pages'],
    queryFn: ({ pageParam }) => api<NotificationsPage>('/notifications', { query: { page: pageParam, limit: 20 } }),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationsPage) => (last.has_more ? last.page + 1 : undefined),
  });

export const useNotificationPages = () => useInfiniteQuery(notificationPagesQuery());
