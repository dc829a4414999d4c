import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community, CreateCommunityInput } from './types';

/** Fields by PATCH; a new picture goes by PUT …/image. */
export const updateCommunity = (id: number, fields: Partial<Omit<CreateCommunityInput, 'image'>>) =>
  api<Community>(`/communities/${id}`, { method: 'PATCH', body: fields });

export const setCommunityImage = (id: number, image: File) => {
  const form = new FormData();
  form.set('image', image);
  return api<Community>(`/communities/${id}/image`, { method: 'PUT', body: form });
};

export function useUpdateCommunity(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...fields }: Partial<CreateCommunityInput>) => {
      let community = await updateCommunity(id, fields);
      if (image) community = await setCommunityImage(id, image);
      return community;
    },
    onSuccess: (community) => {
      qc.setQueryData(communityKeys.detail(id), community);
      void qc.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}
