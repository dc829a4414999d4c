import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change after which the cached queries under `queryKey` are read again: the list it added to, or (with
 * `communityKeys.all`) everything the member sees of communities.
 */
export function useRefreshingMutation<V, R>(mutationFn: (vars: V) => Promise<R>, queryKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void qc.invalidateQueries({ queryKey }) });
}
