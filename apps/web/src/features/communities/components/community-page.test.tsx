import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noRetryClient, renderInApp } from '../../../test-render';
import { paths } from '../../../config/paths';
import type { Community } from '../api/types';
import { aCommunity } from '../test-fixtures';
import { CommunityPage } from './community-page';

const visitor = { my_status: null, my_role: null, my_rights: [], unread_count: 0 } satisfies Partial<Community>;

/** The server as a visitor meets it: the header and the preview answer, every tab asks to join first. */
function mockServer(community: Community) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const { pathname } = new URL(String(input), 'http://x');
    if (pathname === `/api/communities/${community.id}`) return Response.json(community);
    if (pathname === `/api/communities/${community.id}/preview` && community.visibility === 'public')
      return Response.json({
        community_id: community.id,
        recent_media: [
          { post_id: 9, image: '/media/summit.webp', created_at: '2026-01-03T10:00:00Z' },
          { post_id: 8, image: '/media/trail.webp', created_at: '2026-01-02T10:00:00Z' },
        ],
      });
    if (community.visibility === 'private')
      return Response.json({ code: 'NOT_FOUND', msg: 'This community does not exist.' }, { status: 404 });
    return Response.json({ code: 'NOT_A_MEMBER', msg: 'Join this community first.' }, { status: 403 });
  });
}

const requested = (fetchMock: ReturnType<typeof mockServer>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);

function renderPage(tab = '') {
  renderInApp(
    <MemoryRouter initialEntries={[`/communities/5${tab}`]}>
      <Routes>
        <Route path={paths.communities.detail.path} element={<CommunityPage />} />
      </Routes>
    </MemoryRouter>,
    noRetryClient(),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a community page for someone who has not joined', () => {
  it('shows a public community as a preview with one Join button, and asks nothing only members may see', async () => {
    const fetchMock = mockServer(aCommunity({ ...visitor, member_count: 12, interests: ['Hiking', 'Camping'] }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lagos Hikers', level: 1 })).toBeVisible();
    expect(screen.getByText('Weekend hikes')).toBeVisible();
    expect(screen.getByText('12 members', { exact: false })).toBeVisible();
    expect(screen.getByText('#Hiking')).toBeVisible();
    expect(screen.getByText('#Camping')).toBeVisible();
    const pictures = await screen.findAllByRole('img', { name: /Recent picture/ });
    expect(pictures.map((p) => p.getAttribute('src'))).toEqual(['/media/summit.webp', '/media/trail.webp']);
    expect(screen.getAllByRole('button', { name: /join/i })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Join Lagos Hikers' })).toBeVisible();
    expect(screen.queryByText(/Join this community first/)).toBeNull();
    expect(requested(fetchMock).every((p) => ['/api/communities/5', '/api/communities/5/preview'].includes(p))).toBe(true);
  });

  it('asks nothing only members may see when a tab is opened by its address either', async () => {
    const fetchMock = mockServer(aCommunity(visitor));
    renderPage('/media');
    expect(await screen.findByRole('button', { name: 'Join Lagos Hikers' })).toBeVisible();
    await screen.findAllByRole('img', { name: /Recent picture/ });
    expect(screen.queryByText(/Join this community first/)).toBeNull();
    expect(requested(fetchMock)).not.toContain('/api/communities/5/posts');
  });

  it('shows a private community by its name and description, with Request to join and no preview', async () => {
    const fetchMock = mockServer(aCommunity({ ...visitor, visibility: 'private' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lagos Hikers', level: 1 })).toBeVisible();
    expect(screen.getByText('Weekend hikes')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request to join Lagos Hikers' })).toBeVisible();
    expect(screen.queryByRole('img', { name: /Recent picture/ })).toBeNull();
    expect(requested(fetchMock)).toEqual(['/api/communities/5']);
  });

  it('shows a banned member no preview and asks nothing more', async () => {
    const fetchMock = mockServer(aCommunity({ ...visitor, my_status: 'banned' }));
    renderPage();
    expect(await screen.findByText('You are banned from this community')).toBeVisible();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
    expect(requested(fetchMock)).toEqual(['/api/communities/5']);
  });
});
