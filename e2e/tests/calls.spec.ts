import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { annAndBob } from '../support/members.ts';
import { phone } from '../support/touch.ts';

/** Every RTCPeerConnection the app makes, kept where the test can read its stats. */
async function recordPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Bytes of media this tab's newest connection has received (inbound-rtp, audio and video together). */
const bytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const pc = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.at(-1);
    if (!pc) return 0;
    let bytes = 0;
    (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
      if (s.type === 'inbound-rtp') bytes += s.bytesReceived ?? 0;
    });
    return bytes;
  });

test('two members talk on video: media flows both ways, hang-up ends both sides, the chat keeps the call', async ({
  browser,
  page: setup,
  a11y,
}) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);
  await Promise.all([recordPeerConnections(a.context), recordPeerConnections(b.context)]);
  // Bob is on another page entirely: a call rings wherever he is.
  await b.page.goto('/home');
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByRole('heading', { name: bob.name })).toBeVisible();

  await a.page.getByRole('button', { name: `Video call ${bob.name}` }).click();
  const ringing = b.page.getByRole('alertdialog', { name: `${ann.name} is calling` });
  await expect(ringing).toBeVisible();
  await expect(ringing).toContainText('Video call');
  const accept = ringing.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeFocused();
  await a11y.check(b.page, 'incoming call');
  await b.page.keyboard.press('Enter');

  const aScreen = a.page.getByRole('dialog', { name: `Call with ${bob.name}` });
  const bScreen = b.page.getByRole('dialog', { name: `Call with ${ann.name}` });
  await expect(aScreen).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });
  await expect(bScreen).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });
  // The callee's connection receives the caller's media, and the caller's the callee's.
  await expect.poll(() => bytesReceived(b.page), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => bytesReceived(a.page), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(bScreen.getByTestId('call-status')).toHaveText(/^\d+:\d{2}$/);

  const mute = bScreen.getByRole('button', { name: 'Mute' });
  await mute.click();
  await expect(bScreen.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await bScreen.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(bScreen.getByRole('button', { name: 'Turn camera on' })).toHaveAttribute('aria-pressed', 'true');
  await bScreen.getByRole('button', { name: 'Switch microphone or camera' }).click();
  const cameras = bScreen.getByRole('combobox', { name: 'Camera', exact: true });
  await expect(cameras.locator('option')).not.toHaveCount(0);
  // Chromium's fake devices include more than one microphone: switching puts the other one on the connection.
  const microphones = bScreen.getByRole('combobox', { name: 'Microphone', exact: true });
  const current = await microphones.inputValue();
  const choices = await microphones
    .locator('option')
    .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
  const other = choices.find((c) => c.value !== current)!.label;
  await microphones.selectOption({ label: other });
  await expect
    .poll(() =>
      b.page.evaluate(() =>
        (window as any).__peerConnections
          .at(-1)
          .getSenders()
          .map((s: RTCRtpSender) => s.track?.label),
      ),
    )
    .toContain(other);
  await a11y.check(b.page, 'call screen');
  // Wait until at least a second was talked, so the line's duration is one the member would see.
  await expect(aScreen.getByTestId('call-status')).toHaveText(/^0:0[1-9]|^0:[1-5]\d/);

  await aScreen.getByRole('button', { name: 'Hang up' }).click();
  await expect(aScreen.getByTestId('call-status')).toHaveText('Call ended');
  await expect(bScreen.getByTestId('call-status')).toHaveText('Call ended');
  const aClosed = await a.page.evaluate(() => (window as any).__peerConnections.at(-1).connectionState);
  expect(aClosed).toBe('closed');
  await aScreen.getByRole('button', { name: 'Close' }).click();
  await expect(aScreen).toBeHidden();

  // The call's line, with its length, in both people's history.
  await expect(a.page.getByTestId('call-line')).toContainText(/Video call · \d+:\d{2}/);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await expect(b.page.getByTestId('call-line')).toContainText(/Video call · \d+:\d{2}/);
  await a.context.close();
  await b.context.close();
});

test('on a phone: a declined call and one given up on leave Declined and Missed lines', async ({ browser, page: setup, a11y }) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request, phone);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await a.page.goto(`/scan-chat/private/${bob.id}`);

  await a.page.getByRole('button', { name: `Voice call ${bob.name}` }).click();
  const ringing = b.page.getByRole('alertdialog', { name: `${ann.name} is calling` });
  await expect(ringing).toContainText('Voice call');
  await a11y.check(b.page, 'incoming call on a phone');
  await ringing.getByRole('button', { name: 'Decline' }).tap();
  await expect(ringing).toBeHidden();
  const aScreen = a.page.getByRole('dialog', { name: `Call with ${bob.name}` });
  await expect(aScreen.getByTestId('call-status')).toHaveText('Declined');
  await expect(a.page.getByTestId('call-line').last()).toContainText('Voice call · Declined');
  await expect(b.page.getByTestId('call-line').last()).toContainText('Voice call · Declined');
  await aScreen.getByRole('button', { name: 'Close' }).click();

  // Ann gives up before Bob answers: missed, for him.
  await a.page.getByRole('button', { name: `Voice call ${bob.name}` }).click();
  await expect(ringing).toBeVisible();
  await aScreen.getByRole('button', { name: 'Hang up' }).click();
  await expect(ringing).toBeHidden();
  await expect(b.page.getByTestId('call-line').last()).toContainText('Missed voice call');
  await expect(a.page.getByTestId('call-line').last()).toContainText('Voice call · No answer');
  await a.context.close();
  await b.context.close();
});

test('a call outlives a dropped connection: the tab says so, comes back on a new socket, and the talk goes on', async ({
  browser,
  page: setup,
}) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);
  await Promise.all([recordPeerConnections(a.context), recordPeerConnections(b.context)]);
  // Bob's chat sockets, kept so the test can drop his connection as a network switch does, and keep him away a while.
  await b.context.addInitScript(() => {
    const Native = window.WebSocket;
    const w = window as unknown as { __sockets: WebSocket[]; __away: boolean };
    w.__sockets = [];
    w.__away = false;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        // While away, a new connection goes nowhere: the reconnect fails and is tried again.
        super(w.__away ? 'ws://127.0.0.1:9/' : url, protocols);
        w.__sockets.push(this);
      }
    } as typeof WebSocket;
  });
  await b.page.goto('/home');
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await a.page.getByRole('button', { name: `Voice call ${bob.name}` }).click();
  await b.page
    .getByRole('alertdialog', { name: `${ann.name} is calling` })
    .getByRole('button', { name: 'Accept' })
    .click();
  const aScreen = a.page.getByRole('dialog', { name: `Call with ${bob.name}` });
  const bScreen = b.page.getByRole('dialog', { name: `Call with ${ann.name}` });
  await expect(aScreen).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });
  await expect(bScreen).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });

  await b.page.evaluate(() => {
    const w = window as unknown as { __sockets: WebSocket[]; __away: boolean };
    w.__away = true;
    w.__sockets.forEach((s) => s.close());
  });
  await expect(bScreen.getByTestId('call-status')).toHaveText('Reconnecting…');
  // The media between the browsers never needed the socket: it keeps coming meanwhile.
  const before = await bytesReceived(b.page);
  await expect.poll(() => bytesReceived(b.page), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(aScreen).toHaveAttribute('data-phase', 'active');

  await b.page.evaluate(() => void ((window as unknown as { __away: boolean }).__away = false));
  await expect(bScreen.getByTestId('call-status')).toHaveText(/^\d+:\d{2}$/, { timeout: 15_000 });
  await expect(aScreen.getByTestId('call-status')).toHaveText(/^\d+:\d{2}$/);
  // Bob's new socket is the call's: his hang-up reaches Ann at once.
  await bScreen.getByRole('button', { name: 'Hang up' }).click();
  await expect(aScreen.getByTestId('call-status')).toHaveText('Call ended');
  await expect(a.page.getByTestId('call-line').last()).toContainText(/Voice call · \d+:\d{2}/);
  await a.context.close();
  await b.context.close();
});
