import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';

const t = useTestApp();

// The web app's file card shows a sent file's size from a HEAD of its link (no column stores it): the answer must
// carry Content-Length, with no body, and only for someone who may fetch the file.
describe('the size of a chat file', () => {
  it('is answered to a HEAD by Content-Length, to the pair only', async () => {
    const [ann, bob, eve] = await t.members(3);
    const notes = Buffer.from('twelve bytes');
    const sent = await t
      .as(ann)
      .multipart('/api/chat/send', { peer_id: String(bob.id) }, [
        { field: 'file', filename: 'notes.txt', contentType: 'text/plain', data: notes },
      ]);
    expect(sent.statusCode).toBe(201);
    const url = sent.json().message.media_url as string;

    const head = await t.app.inject({ method: 'HEAD', url, headers: await mediaCookie(t, bob.auth) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(notes.length));
    expect(head.rawPayload.length).toBe(0);

    const stranger = await t.app.inject({ method: 'HEAD', url, headers: await mediaCookie(t, eve.auth) });
    expect(stranger.statusCode).toBe(404);
  });
});
