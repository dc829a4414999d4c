import { useQuery } from '@tanstack/react-query';
import type { LinkPreview } from '@tribeverse/shared';
import { api } from '../api-client';

/**
 * What a link shows, as the server fetched it (cached there per URL). A link without a preview (refused, unreadable)
 * is an error the card simply does not show: it is not asked for again in this session.
 */
export const useLinkPreview = (url: string | null) =>
  useQuery({
    queryKey: ['link-preview', url],
    queryFn: ({ signal }) => api<LinkPreview>('/link-preview', { query: { url }, signal }),
    enabled: !!url,
    staleTime: 60 * 60_000,
    retry: false,
  });
