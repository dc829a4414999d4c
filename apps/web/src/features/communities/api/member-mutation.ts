import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { communityKeys } from './keys';

/**
 * A change to who is in a community and how (a request decided, a member removed, a role or a time-out): whatever
 * the answer, its members and its counts are asked again, with `alsoRefresh` (the requests a decision empties).
 */
export function useMemberMutation<V, R>(id: number, mutationFn: (variables: V) => Promise<R>, alsoRefresh: QueryKey[] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      for (const queryKey of [...alsoRefresh, communityKeys.members(id), communityKeys.detail(id)]) void qc.invalidateQueries({ queryKey });
    },
  });
}
