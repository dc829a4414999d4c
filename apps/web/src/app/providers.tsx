import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@tribeverse/shared';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { AppDialogHost } from '../components/ui/app-dialog';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // A 4xx will not change by asking again.
            retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        {/* At most three at once, the newest first: a burst of errors must not cover the page. */}
        <ToastContainer position="top-center" autoClose={LIMITS.toastMs} theme="dark" limit={3} newestOnTop />
        <AppDialogHost />
      </AuthProvider>
    </QueryClientProvider>
  );
}
