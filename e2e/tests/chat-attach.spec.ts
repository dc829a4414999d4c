import { expect, test, type Locator } from '@playwright/test';
import { PNG, registerMember, signedInContext } from '../support/members.ts';

/** What a browser fires for a screenshot pasted into the box, or a file dragged in from the desktop. */
async function fireWithFile(target: Locator, type: 'paste' | 'dragenter' | 'drop', file: { name: string; mime: string; base64: string }) {
  await target.evaluate(
    (el, { type, file }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.mime }));
      const init = { bubbles: true, cancelable: true };
      el.dispatchEvent(type === 'paste' ? new ClipboardEvent(type, { ...init, clipboardData: data }) : new DragEvent(type, { ...init, dataTransfer: data }));
    },
    { type, file },
  );
}

test('a pasted screenshot and a file dropped on the conversation are sent, under a Today separator', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  const b = await signedInContext(browser, bob);
  await b.page.goto(`/scan-chat/private/${ann.id}`);
  await a.page.goto(`/scan-chat/private/${bob.id}`);

  // Pasting an image into the box sends it at once, with what was typed.
  const box = a.page.getByPlaceholder('Type a message');
  await box.fill('my screen');
  await fireWithFile(box, 'paste', { name: 'screenshot.png', mime: 'image/png', base64: PNG.toString('base64') });
  await expect(b.page.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(b.page.getByTestId('message').filter({ hasText: 'my screen' })).toBeVisible();
  await expect(box).toHaveValue('');
  // The day is announced once, above the first message.
  await expect(b.page.getByRole('heading', { name: 'Today' })).toHaveCount(1);
  await expect(a.page.getByRole('heading', { name: 'Today' })).toBeVisible();

  // Dragging a file over the conversation shows where it goes; dropping it sends it.
  const pane = a.page.getByTestId('message-list');
  const notes = { name: 'notes.txt', mime: 'text/plain', base64: Buffer.from('dropped notes').toString('base64') };
  await fireWithFile(pane, 'dragenter', notes);
  await expect(a.page.getByText('Drop to send')).toBeVisible();
  await fireWithFile(pane, 'drop', notes);
  await expect(a.page.getByText('Drop to send')).toBeHidden();
  const link = b.page.getByRole('link', { name: /Attachment/ });
  await expect(link).toContainText('notes.txt');
  expect(await (await b.page.request.get((await link.getAttribute('href'))!)).text()).toBe('dropped notes');
  await expect(b.page.getByRole('heading', { name: 'Today' })).toHaveCount(1);

  await a.context.close();
  await b.context.close();
});
