import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';

/**
 * What a community list shows before its rows: a spinner while it loads, what went wrong, or `empty` when there are
 * none; then its rows (`children`). `small` is the sidebar's text size for the error.
 */
export function ListStates({
  query,
  loading,
  failed,
  count,
  empty,
  small = false,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loading?: string;
  failed: string;
  count: number;
  empty: ReactNode;
  small?: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <p className={clsx('text-red-300', small && 'text-sm')}>{errorMessage(query.error, failed)}</p>;
  return count ? children : empty;
}
