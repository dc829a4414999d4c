import { expect, test, type Locator } from '@playwright/test';
import { annAndBob, PNG, registerMember, signedInContext } from '../support/members.ts';

/** What a browser fires for a screenshot pasted into the box, or a file dragged in from the desktop. */
async function fireWithFile(target: Locator, type: 'paste' | 'dragenter' | 'drop', file: { name: string; mime: string; base64: string }) {
  await target.evaluate(
    (el, { type, file }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.mime }));
      const init = { bubbles: true, cancelable: true };
      el.dispatchEvent(
        type === 'paste'
          ? new ClipboardEvent(type, { ...init, clipboardData: data })
          : new DragEvent(type, { ...init, dataTransfer: data }),
      );
    },
    { type, file },
  );
}

test('a pasted screenshot and a file dropped on the conversation are sent, under a Today separator', async ({ browser, page: setup }) => {
  const { ann, bob, a, b } = await annAndBob(browser, setup.request);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await a.page.goto(`/scan-chat/private/${bob.id}`);

  // Pasting an image into the box shows it for a caption (what was typed); Send sends both.
  const box = a.page.getByPlaceholder('Type a message');
  await box.fill('my screen');
  await fireWithFile(box, 'paste', { name: 'screenshot.png', mime: 'image/png', base64: PNG.toString('base64') });
  await expect(a.page.getByRole('list', { name: 'Files to send' }).getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(b.page.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(b.page.getByTestId('message').filter({ hasText: 'my screen' })).toBeVisible();
  await expect(box).toHaveValue('');
  // The day is announced once, above the first message.
  await expect(b.page.getByRole('heading', { name: 'Today' })).toHaveCount(1);
  await expect(a.page.getByRole('heading', { name: 'Today' })).toBeVisible();

  // Dragging a file over the conversation shows where it goes; dropping it puts it in the preview, Send sends it.
  const pane = a.page.getByTestId('message-list');
  const notes = { name: 'notes.txt', mime: 'text/plain', base64: Buffer.from('dropped notes').toString('base64') };
  await fireWithFile(pane, 'dragenter', notes);
  await expect(a.page.getByText('Drop to send')).toBeVisible();
  await fireWithFile(pane, 'drop', notes);
  await expect(a.page.getByText('Drop to send')).toBeHidden();
  await a.page.getByRole('button', { name: 'Send' }).click();
  const link = b.page.getByRole('link', { name: /^notes\.txt, Text/ });
  await expect(link).toContainText('notes.txt');
  expect(await (await b.page.request.get((await link.getAttribute('href'))!)).text()).toBe('dropped notes');
  await expect(b.page.getByRole('heading', { name: 'Today' })).toHaveCount(1);

  await a.context.close();
  await b.context.close();
});

test('a picture arriving in a long chat keeps the newest message in view once it has loaded', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const asBob = { authorization: `Bearer ${bob.token}` };
  for (let i = 1; i <= 20; i += 1) {
    expect((await setup.request.post('/api/chat/send', { headers: asBob, data: { peer_id: ann.id, text: `line ${i}` } })).ok()).toBe(true);
  }
  const a = await signedInContext(browser, ann);
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  await expect(a.page.getByTestId('message').filter({ hasText: 'line 20' })).toBeVisible();

  // A picture of real size, slow to arrive, as on a mobile connection.
  const picture = Buffer.from(
    await a.page.evaluate(() => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 300 });
      canvas.getContext('2d')!.fillRect(0, 0, 400, 300);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );
  await a.page.route('**/media/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const sent = await setup.request.post('/api/chat/send', {
    headers: asBob,
    multipart: { peer_id: String(ann.id), file: { name: 'wide.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(sent.ok()).toBe(true);
  const image = a.page.getByRole('img', { name: 'wide.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const list = a.page.getByTestId('message-list');
  await expect.poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
  await a.context.close();
});
