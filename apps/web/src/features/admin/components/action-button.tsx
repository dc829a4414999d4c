import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';

/** A button that runs one admin action and says how it went (a toast either way); it waits while the call runs. */
export function ActionButton<V>({
  mutation,
  vars,
  done,
  failure,
  variant = 'secondary',
  children,
}: {
  mutation: UseMutationResult<unknown, Error, V>;
  vars: V;
  done: string;
  failure: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Button
      variant={variant}
      className="min-h-11"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(vars, { onSuccess: () => toast.success(done), onError: (error) => toast.error(errorMessage(error, failure)) })
      }
    >
      {children}
    </Button>
  );
}
