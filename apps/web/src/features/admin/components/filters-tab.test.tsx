import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { serveFetch, type Answer } from '../../../test-fetch';
import { noRetryClient, renderInApp } from '../../../test-render';
import { signInAs } from './admin.test-support';
import { FiltersTab } from './filters-tab';

afterEach(() => vi.restoreAllMocks());

const casino = { pattern: 'casino', kind: 'word', action: 'refuse' } as const;
const spamDomain = { pattern: 'spam.example', kind: 'domain', action: 'refuse' } as const;

function renderFilters(routes: Record<string, Answer[]>) {
  signInAs('admin');
  const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
  const calls = serveFetch(routes);
  renderInApp(<FiltersTab />, noRetryClient());
  return { success, sent: () => calls.filter((c) => c.method !== 'GET') };
}

const list = () => screen.getByRole('list', { name: 'Filtered words and domains' });

describe('the admin filters', () => {
  it('lists the filters, adds a domain and removes a word, and saves the whole list', async () => {
    const { success, sent } = renderFilters({
      'GET /api/admin/filters': [[200, { entries: [casino] }]],
      'PUT /api/admin/filters': [[200, { entries: [spamDomain] }]],
    });
    expect(
      await screen.findByText('Posts, comments, messages, names and bios containing these are refused.', { exact: false }),
    ).toBeVisible();
    expect(await screen.findByText('casino')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save filters' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'domain');
    await userEvent.type(screen.getByLabelText('Domain (its subdomains too)'), '  Spam.Example {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove casino' }));
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['spam.exampleLink domain · RefuseRemove']);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save filters' }));
    expect(await screen.findByRole('button', { name: 'Save filters' })).toBeDisabled();
    expect(success).toHaveBeenCalledWith('The filters are saved.');
    expect(sent()).toEqual([{ method: 'PUT', path: '/api/admin/filters', body: { entries: [spamDomain] } }]);
  });

  it('adds a word that holds posts for review', async () => {
    const giveaway = { pattern: 'giveaway', kind: 'word', action: 'hold' } as const;
    const { sent } = renderFilters({
      'GET /api/admin/filters': [[200, { entries: [] }]],
      'PUT /api/admin/filters': [[200, { entries: [giveaway] }]],
    });
    await screen.findByText('Nothing is filtered.');
    await userEvent.selectOptions(screen.getByLabelText('Then'), 'hold');
    await userEvent.type(screen.getByLabelText('Word'), 'giveaway{Enter}');
    expect(within(list()).getByRole('listitem')).toHaveTextContent('giveawayWord · Hold posts for review');
    await userEvent.click(screen.getByRole('button', { name: 'Save filters' }));
    await waitFor(() => expect(sent()).toEqual([{ method: 'PUT', path: '/api/admin/filters', body: { entries: [giveaway] } }]));
  });

  it('refuses an empty or repeated entry before anything is sent', async () => {
    const { sent } = renderFilters({ 'GET /api/admin/filters': [[200, { entries: [casino] }]] });
    await screen.findByText('casino');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give a word or a domain');
    await userEvent.type(screen.getByLabelText('Word'), 'CASINO{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Already in the list');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(sent()).toEqual([]);
  });

  it("shows the server's refusal and keeps the unsaved list", async () => {
    renderFilters({
      'GET /api/admin/filters': [[200, { entries: [] }]],
      'PUT /api/admin/filters': [[400, { code: 'VALIDATION_ERROR', msg: 'At most 1000 entries' }]],
    });
    expect(await screen.findByText('Nothing is filtered.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Word'), 'casino{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 1000 entries');
    expect(within(list()).getByText('casino')).toBeInTheDocument();
  });

  it('says when the filters cannot be loaded', async () => {
    renderFilters({ 'GET /api/admin/filters': [[500, { code: 'INTERNAL', msg: 'Boom' }]] });
    expect(await screen.findByText('Could not load the filters.')).toBeInTheDocument();
  });
});
