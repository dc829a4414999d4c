import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community, CreateCommunityInput } from './types';

/** Multipart when a picture goes with it (paid as 'true'/'false', interests and place as JSON), JSON otherwise. */
export function communityBody(input: CreateCommunityInput): FormData | Omit<CreateCommunityInput, 'image'> {
  const { image, ...fields } = input;
  if (!image) return fields;
  const form = new FormData();
  form.set('name', fields.name);
  form.set('description', fields.description);
  form.set('visibility', fields.visibility);
  form.set('paid', String(fields.paid));
  form.set('interests', JSON.stringify(fields.interests));
  if (fields.place) form.set('place', JSON.stringify(fields.place));
  form.set('image', image);
  return form;
}

export const createCommunity = (input: CreateCommunityInput) =>
  api<Community>('/communities', { method: 'POST', body: communityBody(input) });

export function useCreateCommunity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCommunity,
    onSuccess: (community) => {
      qc.setQueryData(communityKeys.detail(community.id), community);
      void qc.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}
