import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, type MockInstance } from 'vitest';

/** Shows the success toast a forward raised and follows its Open link, which must lead to `path`. */
export async function followForwardToast(success: MockInstance, router: { state: { location: { pathname: string } } }, path: string) {
  render(success.mock.calls[0]![0] as ReactElement);
  const link = screen.getByRole('link', { name: 'Open' });
  expect(link).toHaveAttribute('href', path);
  await userEvent.click(link);
  expect(router.state.location.pathname).toBe(path);
}
