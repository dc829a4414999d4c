import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStatsDay } from '@tribeverse/shared';
import { serveFetch } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { signInAs } from './admin.test-support';
import { DashboardTab } from './dashboard-tab';
import { formatDay } from './day-chart';

afterEach(() => vi.restoreAllMocks());

/** `n` days ending 4 Nov 2026, all zero but what `over` sets for a day (by its index). */
function days(n: number, over: Record<number, Partial<AdminStatsDay>> = {}): AdminStatsDay[] {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 4 - (n - 1 - i))).toISOString().slice(0, 10),
    signups: 0,
    active_members: 0,
    messages: 0,
    posts: 0,
    open_reports: 0,
    ...over[i],
  }));
}

function renderDashboard(...answers: AdminStatsDay[][]) {
  signInAs('moderator');
  serveFetch({ '/api/admin/stats': answers.map((d) => [200, { days: d }] as const) });
  renderInApp(<DashboardTab />, noRetryClient());
  return { asked: () => vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('days')) };
}

describe('the admin dashboard', () => {
  it('draws one plot per figure, each named by what it shows, with the numbers in a table for screen readers', async () => {
    const month = days(30, {
      0: { signups: 5, active_members: 2, open_reports: 1 },
      29: { signups: 7, active_members: 4, messages: 10, open_reports: 3 },
      28: { signups: 30, posts: 2 },
    });
    renderDashboard(month);
    // 3 Nov is index 28, the 29th of 30 days ending 4 Nov.
    expect(formatDay('2026-11-03')).toBe('Nov 3');
    const plots = await screen.findAllByRole('img');
    expect(plots).toHaveLength(5);
    const names = [
      'Sign-ups, last 30 days: 42 in all, most on Nov 3 (30)',
      'Active members, last 30 days: 0.2 a day on average, most on Nov 4 (4)',
      'Messages, last 30 days: 10 in all, most on Nov 4 (10)',
      'Posts, last 30 days: 2 in all, most on Nov 3 (2)',
      'Open reports, last 30 days: 3 now, most on Nov 4 (3)',
    ];
    expect(names.map((name) => screen.getByRole('img', { name }))).toEqual(plots);
    expect(plots[0]!.querySelectorAll('rect')).toHaveLength(30);
    expect(plots[1]!.querySelector('polyline')).not.toBeNull();

    const table = screen.getByRole('table', { name: 'Sign-ups, per day' });
    expect(table).toHaveClass('sr-only');
    expect(within(table).getByRole('row', { name: 'Nov 3 30' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('fetches the figures again for another period', async () => {
    const { asked } = renderDashboard(days(30), days(7, { 6: { messages: 4 } }));
    expect(await screen.findByRole('img', { name: /^Messages, last 30 days: 0 in all$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByRole('img', { name: 'Messages, last 7 days: 4 in all, most on Nov 4 (4)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(asked()).toEqual(['30', '7']);
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    signInAs('admin');
    serveFetch({ '/api/admin/stats': [[500, { code: 'INTERNAL', msg: 'Boom' }]] });
    renderInApp(<DashboardTab />, noRetryClient());
    expect(await screen.findByText('Could not load the figures.')).toBeInTheDocument();
  });
});
