import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noRetryClient, renderInApp } from '../../../test-render';
import { visibleUntilText } from './location-card';
import { ScanSetupPage } from './scan-setup-page';
import { ScanResultsPage } from './scan-results-page';
import { serveFetch } from '../../../test-fetch';

const catalogue = [
  { id: 1, name: 'Tech and innovation', sub_interests: [{ name: 'software development' }, { name: 'cybersecurity' }] },
  { id: 2, name: 'Wellness and lifestyle', sub_interests: [{ name: 'yoga' }] },
];
const UNTIL = '2030-06-03T14:05:00.000Z';

function stubPosition(result: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('code' in result) fail({ code: result.code } as GeolocationPositionError);
    else ok({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

function renderSetup() {
  const router = createMemoryRouter(
    [
      { path: '/scan-chat', element: <ScanSetupPage /> },
      { path: '/scan-chat/scan-results', element: <ScanResultsPage /> },
    ],
    { initialEntries: ['/scan-chat'] },
  );
  renderInApp(<RouterProvider router={router} />, noRetryClient());
  return router;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('scan setup', () => {
  it('turns location on with the position of this moment, says until when, and off again', async () => {
    const calls = serveFetch({
      'GET /api/scan/location': [[200, { visible: false, visible_until: null }]],
      'PUT /api/scan/location': [[200, { visible: true, visible_until: UNTIL }]],
      'DELETE /api/scan/location': [[200, { visible: false, visible_until: null }]],
      '/api/interests': [[200, catalogue]],
    });
    const position = stubPosition({ lat: 52.52, lng: 13.405 });
    const user = userEvent.setup();
    renderSetup();
    const toggle = await screen.findByRole('switch', { name: 'Location' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(await screen.findByText(/^Visible until .*June/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(position).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ lat: 52.52, lng: 13.405 });

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/scan/location')).toBe(true);
  });

  it('says what to do when the browser refuses the position, and stays off', async () => {
    serveFetch({ 'GET /api/scan/location': [[200, { visible: false, visible_until: null }]], '/api/interests': [[200, catalogue]] });
    stubPosition({ code: 1 });
    const user = userEvent.setup();
    renderSetup();
    const toggle = await screen.findByRole('switch', { name: 'Location' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Allow location for this site');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('opens the radius and interest panels one at a time', async () => {
    serveFetch({ 'GET /api/scan/location': [[200, { visible: true, visible_until: UNTIL }]], '/api/interests': [[200, catalogue]] });
    const user = userEvent.setup();
    renderSetup();
    const radius = screen.getByRole('button', { name: /Search radius/ });
    const interests = screen.getByRole('button', { name: /Interests/ });
    await user.click(radius);
    expect(radius).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('radio', { name: 'Wider scan' })).toBeVisible();
    await user.click(interests);
    expect(interests).toHaveAttribute('aria-expanded', 'true');
    expect(radius).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('checkbox', { name: 'cybersecurity' })).toBeVisible();
    // The closed panel's choices are out of the page for pointer and screen reader alike.
    expect(screen.queryByRole('radio', { name: 'Wider scan' })).toBeNull();
  });

  it("shows 'Scanning chat...' while the scan runs, then the results it found", async () => {
    let finish: (r: Response) => void = () => {};
    const calls = serveFetch({
      'GET /api/scan/location': [[200, { visible: true, visible_until: UNTIL }]],
      '/api/interests': [[200, catalogue]],
      'POST /api/scan': [() => new Promise<Response>((resolve) => (finish = resolve))],
    });
    const user = userEvent.setup();
    const router = renderSetup();
    await user.click(screen.getByRole('button', { name: /Search radius/ }));
    await user.click(screen.getByRole('radio', { name: '120km' }));
    await user.click(screen.getByRole('button', { name: /Interests/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'cybersecurity' }));
    expect(screen.queryByText('Scanning chat...')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('Scanning chat...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ radius: '120km', interests: ['cybersecurity'] });

    finish(
      Response.json({
        radius: '120km',
        people_need_location: false,
        communities: [],
        people: [{ id: 7, username: 'ada', name: 'Ada L', avatar: null, shared_interests: ['cybersecurity'], distance_band: '25–50 km' }],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan-chat/scan-results'));
    expect(await screen.findByText('Ada L')).toBeInTheDocument();
    expect(screen.getByText('25–50 km')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message Ada L' })).toHaveAttribute('href', '/scan-chat/private/7');
    expect(screen.getByText('No community in range shares the interests you picked.')).toBeInTheDocument();
  });

  it('says why a scan failed and keeps the choices', async () => {
    serveFetch({
      'GET /api/scan/location': [[200, { visible: true, visible_until: UNTIL }]],
      '/api/interests': [[200, catalogue]],
      'POST /api/scan': [[429, { code: 'RATE_LIMITED', msg: 'Too many requests. Try again in 3000 seconds.' }]],
    });
    const user = userEvent.setup();
    renderSetup();
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 3000 seconds');
    expect(screen.getByRole('button', { name: 'Scan' })).toBeEnabled();
  });
});

describe('until when the location is visible', () => {
  it("is written the way the member's locale writes a day and a time, as everywhere in the app", () => {
    const until = new Date(2030, 5, 3, 14, 5).toISOString();
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    expect(visibleUntilText(until)).toBe('Visible until Monday 3 June at 14:05');
    languages.mockReturnValue(['en-US']);
    expect(visibleUntilText(until).replace(/\s/g, ' ')).toBe('Visible until Monday, June 3 at 2:05 PM');
  });
});
