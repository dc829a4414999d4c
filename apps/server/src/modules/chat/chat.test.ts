import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/support/harness.ts';
import { multipartBody } from '../../../test/support/factories.ts';
import { mediaCookie } from '../../../test/support/media.ts';
import { directChat, type ChatMember } from './chat.test-support.ts';

const t = useTestApp();

type Member = ChatMember;
const { member, send, get } = directChat(t);

const upload = (from: Member, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
  const body = multipartBody(fields, file ? [{ field: 'file', filename: file.name, contentType: file.type, data: file.data }] : []);
  return t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { ...from.auth, ...body.headers }, payload: body.payload });
};

describe('sending and history', () => {
  it('stores a message and returns it to both people, oldest first, paged with before', async () => {
    const [ann, bob] = [await member(), await member()];
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await send(i % 2 ? ann : bob, { peer_id: i % 2 ? bob.id : ann.id, text: `  hello ${i}  ` });
      expect(res.statusCode).toBe(201);
      const { message } = res.json();
      expect(message).toMatchObject({ text: `hello ${i}`, deleted: false, media_url: null, read_at: null, reactions: [] });
      expect(message._id).toBe(message.id);
      ids.push(message.id);
    }
    const page = await get(ann, `/api/chat/messages?peer_id=${bob.id}&limit=3`);
    expect(page.statusCode).toBe(200);
    expect(page.json().map((m: { text: string }) => m.text)).toEqual(['hello 3', 'hello 4', 'hello 5']);
    const older = await get(bob, `/api/chat/messages?peer_id=${ann.id}&limit=3&before=${ids[2]}`);
    expect(older.json().map((m: { text: string }) => m.text)).toEqual(['hello 1', 'hello 2']);
  });

  it('never shows another pair’s messages, even with their message id as cursor', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const secret = (await send(ann, { peer_id: bob.id, text: 'just between us' })).json().message;
    const eveView = await get(eve, `/api/chat/messages?peer_id=${ann.id}`);
    expect(eveView.statusCode).toBe(200);
    expect(eveView.json()).toEqual([]);
    const cursor = await get(eve, `/api/chat/messages?peer_id=${ann.id}&before=${secret.id + 1}`);
    expect(cursor.statusCode).toBe(404);
    const stolenCursor = await get(eve, `/api/chat/messages?peer_id=${bob.id}&before=${secret.id}`);
    expect(stolenCursor.statusCode).toBe(404);
    expect(stolenCursor.body).not.toContain('just between us');
    for (const res of [
      await t.app.inject({ method: 'PATCH', url: `/api/chat/messages/${secret.id}`, headers: eve.auth, payload: { text: 'x' } }),
      await t.app.inject({ method: 'DELETE', url: `/api/chat/messages/${secret.id}`, headers: eve.auth }),
      await t.app.inject({ method: 'PUT', url: `/api/chat/messages/${secret.id}/reactions/1f44d`, headers: eve.auth }),
      await send(eve, { peer_id: ann.id, text: 'reply', reply_to: secret.id }),
      await t.app.inject({ method: 'POST', url: '/api/chat/read', headers: eve.auth, payload: { peer_id: ann.id, up_to_id: secret.id } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('just between us');
    }
  });

  it('rejects bad payloads with 400 and a field', async () => {
    const [ann, bob] = [await member(), await member()];
    for (const [payload, field] of [
      [{ peer_id: bob.id, text: '   ' }, 'text'],
      [{ peer_id: 'abc', text: 'hi' }, 'peer_id'],
      [{ text: 'hi' }, 'peer_id'],
      [{ peer_id: bob.id, text: 'x'.repeat(4001) }, 'text'],
      [{ peer_id: bob.id, text: 'hi', client_id: 'not-a-uuid' }, 'client_id'],
    ] as const) {
      const res = await send(ann, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect((await send(ann, { peer_id: ann.id, text: 'me' })).statusCode).toBe(400);
    expect((await send(ann, { peer_id: 999999, text: 'nobody' })).statusCode).toBe(404);
    expect((await get(ann, `/api/chat/messages?peer_id=${bob.id}&limit=1000`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/messages?peer_id=1' })).statusCode).toBe(401);
  });

  it('treats a retry with the same client_id as the same message', async () => {
    const [ann, bob] = [await member(), await member()];
    const client_id = crypto.randomUUID();
    const first = await send(ann, { peer_id: bob.id, text: 'once', client_id });
    const retry = await send(ann, { peer_id: bob.id, text: 'once', client_id });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().message.id).toBe(first.json().message.id);
    // The same key from another sender is a different message.
    const other = await send(bob, { peer_id: ann.id, text: 'mine', client_id });
    expect(other.json().message.id).not.toBe(first.json().message.id);
    const history = await get(bob, `/api/chat/messages?peer_id=${ann.id}`);
    expect(history.json().map((m: { text: string }) => m.text)).toEqual(['once', 'mine']);
  });

  it('replies quote the original', async () => {
    const [ann, bob] = [await member(), await member()];
    const original = (await send(ann, { peer_id: bob.id, text: 'question?' })).json().message;
    const answer = await send(bob, { peer_id: ann.id, text: 'answer', reply_to: original.id });
    expect(answer.json().message.reply_to).toMatchObject({ id: original.id, text: 'question?', sender_id: ann.id });
  });
  it('answers a send with the message exactly as the history reads it back (reply, timer, every field)', async () => {
    const [ann, bob] = [await member(), await member()];
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/settings', headers: bob.auth, payload: { auto_delete: '1d' } })).statusCode,
    ).toBe(200);
    const original = (await send(ann, { peer_id: bob.id, text: 'question?' })).json().message;
    const sent = (await send(bob, { peer_id: ann.id, text: 'answer', reply_to: original.id, client_id: crypto.randomUUID() })).json()
      .message;
    expect(sent.expires_at).not.toBeNull();
    const history = (await get(ann, `/api/chat/messages?peer_id=${bob.id}`)).json();
    expect(history.find((m: { id: number }) => m.id === sent.id)).toEqual(sent);
  });

  it('stores half an emoji (a lone surrogate) as U+FFFD instead of failing the send', async () => {
    const [ann, bob] = [await member(), await member()];
    const res = await send(ann, { peer_id: bob.id, text: 'cut \ud83d here' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message.text).toBe('cut \ufffd here');
    expect((await get(bob, `/api/chat/messages?peer_id=${ann.id}`)).json().map((m: { text: string }) => m.text)).toEqual([
      'cut \ufffd here',
    ]);
  });

  it('a member row deleted by hand takes its messages along; nobody can write to it after', async () => {
    const [ann, bob, cat] = [await member(), await member(), await member()];
    expect((await send(ann, { peer_id: bob.id, text: 'to bob' })).statusCode).toBe(201);
    expect((await send(bob, { peer_id: cat.id, text: 'to cat' })).statusCode).toBe(201);
    expect((await send(ann, { peer_id: cat.id, text: 'ann to cat' })).statusCode).toBe(201);
    await t.db.execute(sql`delete from users where id = ${bob.id}`);
    const left = (await t.db.execute(sql`select text from messages where ${bob.id} in (sender_id, receiver_id)`)) as unknown as {
      rows: unknown[];
    };
    expect(left.rows).toEqual([]);
    expect((await get(cat, `/api/chat/messages?peer_id=${ann.id}`)).json().map((m: { text: string }) => m.text)).toEqual(['ann to cat']);
    const refused = await send(ann, { peer_id: bob.id, text: 'anyone there?' });
    expect(refused.statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('re-encodes images without their metadata and serves them from /media/private to the pair', async () => {
    const [ann, bob] = [await member(), await member()];
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#7c3aed' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-owner'))).toBe(true);
    const res = await upload(
      ann,
      { peer_id: String(bob.id), client_id: crypto.randomUUID() },
      { name: 'photo.jpg', type: 'image/jpeg', data: jpeg },
    );
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message).toMatchObject({ media_type: 'image/jpeg', file_name: 'photo.jpg', text: '' });
    expect(message.media_url).toMatch(new RegExp(`^/media/private/chat/${message.id}/[0-9a-f]+\\.jpg$`));
    const served = await t.app.inject({ method: 'GET', url: message.media_url, headers: await mediaCookie(t, bob.auth) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(8);
  });

  it('accepts a PDF and a text file, checked by content', async () => {
    const [ann, bob] = [await member(), await member()];
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const res = await upload(
      ann,
      { peer_id: String(bob.id), text: 'the report' },
      { name: 'report.pdf', type: 'application/pdf', data: pdf },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatchObject({ media_type: 'application/pdf', file_name: 'report.pdf', text: 'the report' });
    const txt = await upload(ann, { peer_id: String(bob.id) }, { name: 'notes.txt', type: 'text/plain', data: Buffer.from('plain notes') });
    expect(txt.statusCode).toBe(201);
    expect(txt.json().message.media_url).toMatch(/\.txt$/);
    // Files that are not re-encoded pictures are downloads: the browser never renders them under this origin.
    for (const url of [res.json().message.media_url, txt.json().message.media_url]) {
      const served = await t.app.inject({ method: 'GET', url, headers: await mediaCookie(t, bob.auth) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses executables, HTML and SVG (415) and files over 20 MB (413)', async () => {
    const [ann, bob] = [await member(), await member()];
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(100)]);
    for (const file of [
      { name: 'setup.exe', type: 'application/octet-stream', data: exe },
      { name: 'cute.jpg', type: 'image/jpeg', data: elf },
      { name: 'page.html', type: 'text/html', data: Buffer.from('<!doctype html><script>alert(1)</script>') },
      { name: 'innocent.txt', type: 'text/plain', data: Buffer.from('<html><script>alert(1)</script></html>') },
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ]) {
      const res = await upload(ann, { peer_id: String(bob.id) }, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const big = await upload(
      ann,
      { peer_id: String(bob.id) },
      { name: 'big.txt', type: 'text/plain', data: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await get(bob, `/api/chat/messages?peer_id=${ann.id}`)).json()).toEqual([]);
  });
});
