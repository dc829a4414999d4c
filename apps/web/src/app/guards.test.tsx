import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@tribeverse/shared';
import { clearAllStorage, storeSession } from '../lib/storage';
import { RedirectSignedIn, RequireAuth } from './guards';
import { returnPath } from '../lib/return-path';
import { renderInApp } from '../test-render';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash} from=${returnPath(location.state)}`}</p>;
}

const member = (overrides: Partial<User>) =>
  ({ id: 1, email: 'ada@example.test', profile_completed: true, interests: [], ...overrides }) as User;

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/auth/login',
        element: (
          <RedirectSignedIn>
            <Where />
          </RedirectSignedIn>
        ),
      },
      {
        path: '/auth/register',
        element: (
          <RedirectSignedIn>
            <Where />
          </RedirectSignedIn>
        ),
      },
      {
        path: '/auth/setup-profile',
        element: (
          <RequireAuth>
            <Where />
          </RequireAuth>
        ),
      },
      {
        path: '/home',
        element: (
          <RequireAuth member>
            <Where />
          </RequireAuth>
        ),
      },
      {
        path: '/profile/:tab?',
        element: (
          <RequireAuth member>
            <Where />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  renderInApp(<RouterProvider router={router} />);
  return () => screen.getByTestId('where').textContent;
}

afterEach(() => clearAllStorage());

describe('route guards', () => {
  it('send a visitor to login keeping the whole address, #hash included', () => {
    expect(renderAt('/profile/posts?x=1#post-7')()).toBe('/auth/login from=/profile/posts?x=1#post-7');
  });

  it('send a member who has not set up a profile to set-up, keeping the page they wanted', () => {
    storeSession('token', member({ profile_completed: false, username: null }));
    expect(renderAt('/profile/posts#post-7')()).toBe('/auth/setup-profile from=/profile/posts#post-7');
  });

  it('let a member with a profile in', () => {
    storeSession('token', member({}));
    expect(renderAt('/profile/posts')()).toBe('/profile/posts from=/home');
  });

  it('send a signed-in member away from login and register', () => {
    storeSession('token', member({}));
    expect(renderAt('/auth/login')()).toBe('/home from=/home');
  });

  it('send a signed-in member without a profile from register to set-up', () => {
    storeSession('token', member({ profile_completed: false }));
    expect(renderAt('/auth/register')()).toBe('/auth/setup-profile from=/home');
  });
});

describe('returnPath', () => {
  it('accepts the onboarding pages and refuses other auth pages and other sites', () => {
    expect(returnPath({ from: '/auth/interest-tags' })).toBe('/auth/interest-tags');
    expect(returnPath({ from: '/auth/setup-profile?x=1' })).toBe('/auth/setup-profile?x=1');
    expect(returnPath({ from: '/auth/login' })).toBe('/home');
    expect(returnPath({ from: '//evil.example' })).toBe('/home');
    expect(returnPath(null)).toBe('/home');
  });
});
