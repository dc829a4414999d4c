import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';

const t = useTestApp();

// A right-to-left override makes 'invoice‮fdp.exe' read as 'invoiceexe.pdf'; isolates, zero-width characters and
// blank fillers hide or fake what a name says, exactly as in members' full names.
const TRICKS = ['\u202E', '\u2066', '\u2069', '\u200B', '\u200D', '\uFEFF', '\u3164', '\u2800', '\u0007'];

describe('the name of a sent file', () => {
  it('loses control, format (bidi, zero-width) and blank filler characters, in private and community chat', async () => {
    const [ann, bob] = await t.members(2);
    const club = (await t.as(ann).post('/api/communities', { name: 'Name club' })).json() as { id: number };
    for (const trick of TRICKS) {
      const name = `invoice${trick}fdp.txt`;
      const file = [{ field: 'file', filename: name, contentType: 'text/plain', data: Buffer.from('plain notes') }];
      const direct = await t.as(ann).multipart('/api/chat/send', { peer_id: String(bob.id) }, file);
      expect(direct.statusCode).toBe(201);
      expect(direct.json().message.file_name).toBe('invoicefdp.txt');
      const community = await t.as(ann).multipart(`/api/communities/${club.id}/send`, {}, file);
      expect(community.statusCode).toBe(201);
      expect(community.json().message.file_name).toBe('invoicefdp.txt');
    }
  });

  it('keeps an ordinary name as it is, accents, spaces and emoji included', async () => {
    const [ann, bob] = await t.members(2);
    const name = 'Über café 🎉 notes (1).txt';
    const res = await t
      .as(ann)
      .multipart('/api/chat/send', { peer_id: String(bob.id) }, [
        { field: 'file', filename: name, contentType: 'text/plain', data: Buffer.from('plain notes') },
      ]);
    expect(res.json().message.file_name).toBe(name);
  });
});
