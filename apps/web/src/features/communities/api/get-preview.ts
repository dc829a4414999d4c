import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityPreview } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** A public community's newest pictures, for someone who has not joined (the server refuses private communities). */
export const getPreview = (id: number) => api<CommunityPreview>(`/communities/${id}/preview`);

export const previewQuery = (id: number) => queryOptions({ queryKey: communityKeys.preview(id), queryFn: () => getPreview(id) });

export const usePreview = (id: number, enabled: boolean) => useQuery({ ...previewQuery(id), enabled });
