import type { Page } from '@playwright/test';
import { expect, test } from '../support/a11y.ts';
import { createCommunity, joinCommunity } from '../support/communities.ts';
import { createGroup } from '../support/groups.ts';
import { annAndBob, registerMember, signedInContext } from '../support/members.ts';

// Chromium runs with a fake microphone (playwright.config.ts): it beeps once a second, so a note has a waveform.

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

const voiceNotes = (page: Page) => page.getByTestId('voice-player');

/** Holds the microphone with the mouse until the timer reads `seconds`, then lets go (which sends). */
async function holdToRecord(page: Page, seconds: number) {
  const mic = page.getByRole('button', { name: 'Record a voice message' });
  const box = (await mic.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(page.getByRole('timer')).toHaveText(`0:0${seconds}`);
  await page.mouse.up();
}

test('a voice note is held to record, sent, and played with its waveform, speed and the next unplayed note', async ({
  browser,
  page: setup,
  a11y,
}) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);
  a11y.track(a.page);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await b.page.goto(`/scan-chat/private/${ann.id}`);

  // The microphone takes Send's place while the box is empty.
  const box = a.page.getByPlaceholder('Type a message');
  await expect(a.page.getByRole('button', { name: 'Record a voice message' })).toBeVisible();
  await box.fill('hi');
  await expect(a.page.getByRole('button', { name: 'Record a voice message' })).toBeHidden();
  await box.fill('');

  // Hold, watch the time and the level, let go: sent.
  await holdToRecord(a.page, 2);
  await expect(voiceNotes(a.page)).toHaveCount(1);

  // Tap (Enter on the focused microphone) records hands-free; the same button then sends. Escape cancels another.
  const mic = a.page.getByRole('button', { name: 'Record a voice message' });
  await mic.focus();
  await a.page.keyboard.press('Enter');
  await expect(a.page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await expect(a.page.getByRole('timer')).toHaveText('0:02');
  await a11y.check(a.page, 'composer while recording a voice note');
  await a.page.getByRole('button', { name: 'Send voice message' }).press('Enter');
  await expect(voiceNotes(a.page)).toHaveCount(2);
  await a.page.getByRole('button', { name: 'Record a voice message' }).press('Enter');
  await expect(a.page.getByRole('timer')).toHaveText('0:01');
  await a.page.keyboard.press('Escape');
  await expect(a.page.getByTestId('voice-recording')).toBeHidden();

  // Bob gets two unplayed notes of about two seconds, with the waveform the server measured.
  const notes = voiceNotes(b.page);
  await expect(notes).toHaveCount(2);
  await expect(notes.getByRole('img', { name: 'Not played yet' })).toHaveCount(2);
  await expect(notes.first()).toContainText(/0:0[23]/);
  await expect(notes.first().locator('[data-played-bar]')).toHaveCount(64);
  // Ann sees that Bob has not listened yet.
  await expect(voiceNotes(a.page).getByRole('img', { name: 'Not listened to yet' })).toHaveCount(2);

  // The speed steps 1× → 1.5× → 2× and is kept for the next note.
  await notes.first().getByRole('button', { name: 'Playback speed 1×' }).click();
  await expect(notes.first().getByRole('button', { name: 'Playback speed 1.5×' })).toBeVisible();

  // Arrows move along the waveform.
  const slider = notes.first().getByRole('slider', { name: 'Voice message position' });
  await slider.focus();
  await b.page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  await b.page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');

  // Playing the first marks it played; when it ends the second plays by itself.
  await notes.first().getByRole('button', { name: 'Play voice message' }).click();
  await expect(notes.first()).toHaveAttribute('data-played', 'true');
  await expect(notes.nth(1)).toHaveAttribute('data-played', 'true', { timeout: 15_000 });
  await expect(notes.nth(1).getByRole('button', { name: 'Pause voice message' })).toBeVisible();
  await expect(notes.getByRole('img', { name: 'Not played yet' })).toHaveCount(0);
  // Ann's dots go away as Bob listens, without a reload.
  await expect(voiceNotes(a.page).getByRole('img', { name: 'Not listened to yet' })).toHaveCount(0);

  // Played stays played after a reload (kept by the server, for every device of Bob's).
  a11y.track(b.page);
  await b.page.reload();
  await expect(voiceNotes(b.page)).toHaveCount(2);
  await expect(voiceNotes(b.page).getByRole('img', { name: 'Not played yet' })).toHaveCount(0);
  await a11y.check(b.page, 'conversation with voice notes');

  // A community channel has the same microphone and player.
  const club = await createCommunity(setup.request, ann, { name: `Voices ${Date.now()}` });
  await joinCommunity(setup.request, bob, club.id);
  a11y.track(b.page);
  await a.page.goto(`/scan-chat/community/${club.id}`);
  await b.page.goto(`/scan-chat/community/${club.id}`);
  await holdToRecord(a.page, 1);
  await expect(voiceNotes(b.page)).toHaveCount(1);
  await expect(voiceNotes(b.page).getByRole('img', { name: 'Not played yet' })).toBeVisible();
  await a11y.check(b.page, 'channel with a voice note');

  await a.context.close();
  await b.context.close();
});

test('on a phone a tap records hands-free in a group, sliding cancels, and a refused microphone is explained', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const cy = await registerMember(setup.request, 'Cy');
  const group = await createGroup(setup.request, ann, 'Choir', [bob, cy]);
  const a = await signedInContext(browser, ann, phone);
  const b = await signedInContext(browser, bob, phone);
  await a.page.goto(`/scan-chat/private/group/${group.id}`);
  await b.page.goto(`/scan-chat/private/group/${group.id}`);

  // A tap starts recording; the microphone becomes Send.
  await a.page.getByRole('button', { name: 'Record a voice message' }).tap();
  await expect(a.page.getByRole('timer')).toHaveText('0:02');
  await expect(a.page.getByRole('button', { name: 'Cancel recording' })).toBeInViewport();
  await a.page.getByRole('button', { name: 'Send voice message' }).tap();
  await expect(voiceNotes(b.page)).toHaveCount(1);
  await expect(voiceNotes(b.page)).toBeInViewport();

  // Holding and sliding left throws the recording away.
  const mic = a.page.getByRole('button', { name: 'Record a voice message' });
  const at = (await mic.boundingBox())!;
  await a.page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await a.page.mouse.down();
  await expect(a.page.getByRole('timer')).toHaveText('0:01');
  await a.page.mouse.move(at.x - 150, at.y + at.height / 2, { steps: 8 });
  await expect(a.page.getByTestId('voice-recording')).toBeHidden();
  await a.page.mouse.up();
  // The cancel button drops a hands-free one too.
  await mic.tap();
  await expect(a.page.getByRole('timer')).toHaveText('0:01');
  await a.page.getByRole('button', { name: 'Cancel recording' }).tap();
  await expect(a.page.getByTestId('voice-recording')).toBeHidden();
  await b.page.reload();
  await expect(voiceNotes(b.page)).toHaveCount(1);

  // A member who refuses the microphone is told what to do (Chromium answers a refusal with NotAllowedError).
  const c = await signedInContext(browser, cy, phone);
  await c.context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await c.page.goto(`/scan-chat/private/group/${group.id}`);
  await c.page.getByRole('button', { name: 'Record a voice message' }).tap();
  await expect(c.page.getByText(/Microphone access is blocked/)).toBeVisible();
  await expect(c.page.getByTestId('voice-recording')).toBeHidden();

  await a.context.close();
  await b.context.close();
  await c.context.close();
});
