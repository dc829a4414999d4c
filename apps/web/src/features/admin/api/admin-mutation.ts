import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './keys';

/**
 * An admin action (resolve a report, decide an appeal, release a post, restrict a member…): the audit log has a new
 * line and any queue or figure may have changed, so the whole admin area refetches before the action counts as done.
 */
export const useAdminMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
};

/** A saved whole (the filters, the instance settings): the answer is what is stored now, and the audit log gains a line. */
export const useAdminSave = <B, R>(key: QueryKey, save: (body: B) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved: R) => {
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
};
