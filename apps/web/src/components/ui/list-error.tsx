import type { ReactNode } from 'react';
import { Alert } from './alert';

/** A list that could not load: what went wrong and a Retry button, the same everywhere. */
export function ListError({ children, onRetry, className }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <Alert className={className}>
      <span>{children}</span>{' '}
      <button type="button" onClick={onRetry} className="min-h-11 px-2 font-semibold underline">
        Retry
      </button>
    </Alert>
  );
}
