import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AuthProvider } from './lib/auth';
import { AppDialogHost } from './components/ui/app-dialog';

/** A query client that fails at once: tests of error states should not wait out the default retries. */
export const noRetryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a piece of the app inside the providers every screen has: the query cache, the signed-in member and the app's dialogs. */
export function renderInApp(ui: ReactElement, client: QueryClient = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        {ui}
        <AppDialogHost />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** Renders some of the app's routes in a memory router, inside the same providers, starting at `entry`. */
export function renderRoutes(routes: RouteObject[], entry: InitialEntry, client: QueryClient = noRetryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  renderInApp(<RouterProvider router={router} />, client);
  return router;
}
