import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: '/auth/forgot-password', element: <ForgotPasswordPage /> }], {
    initialEntries: ['/auth/forgot-password'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

describe('forgot password', () => {
  it("shows the server's reason when it refuses, such as the rate limit's wait", async () => {
    const msg = 'Too many requests. Try again in 40 seconds.';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'RATE_LIMITED', msg }), { status: 429, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Email Address'), 'ada@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(msg)).toBeInTheDocument();
  });
});
