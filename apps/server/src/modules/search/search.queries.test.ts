import sharp from 'sharp';
import { SEARCH_TYPES, type SearchResult } from '@tribeverse/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createGroup, ids, search, sendDirect, sendToGroup, uniqueWord } from './search.test-support.ts';

const t = useTestApp();

/** The marked parts of a result's snippet. */
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

describe('whatever a member types', () => {
  const odd = [
    "'",
    '"unclosed quote',
    '&|!',
    '!!! & | <-> :* ()',
    'a & (b | !c',
    '😀🎉',
    'x'.repeat(500),
    '',
    '   ',
    'from:',
    'in:group:abc',
    'before:2026-13-45',
    '-',
    'or',
    '\\',
    '%_%',
  ];
  it.each(SEARCH_TYPES)('is answered without an error in %s', async (type) => {
    const me = await t.member();
    for (const q of odd) {
      const res = await t.as(me).get(`/api/search?${new URLSearchParams({ q, type })}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 200 });
    }
  });

  it('is refused with a 400 naming the field when it cannot be a search', async () => {
    const me = await t.member();
    const queries: Array<Record<string, string>> = [
      { q: 'x'.repeat(501) },
      { q: 'a', type: 'everything' },
      { q: 'a', before: 'not-a-cursor' },
      { q: 'a', before: Buffer.from('[1,"x"]').toString('base64url') },
      { q: 'a', in_kind: 'group' },
      { q: 'a', before_date: '2026-02-30' },
      { q: 'a', limit: '0' },
      { q: 'nul\u0000' },
    ];
    for (const query of queries) {
      const res = await t.as(me).get(`/api/search?${new URLSearchParams(query)}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json()).toEqual(expect.objectContaining({ code: expect.any(String), msg: expect.any(String) }));
    }
  });

  it('needs a signed-in member', async () => {
    expect((await t.as(null).get('/api/search?q=hello')).statusCode).toBe(401);
  });
});

describe('finding messages', () => {
  it('matches words whatever their accents and case, and quotes, or and -word as people type them', async () => {
    const [ada, ben] = await t.members(2);
    const w = uniqueWord();
    const cafe = await sendDirect(t, ada, ben, `Le CAFÉ ${w} est ouvert`);
    const tea = await sendDirect(t, ada, ben, `tea ${w} time`);
    const both = await sendDirect(t, ada, ben, `tea and cafe ${w}`);
    expect((await search(t, ben, { q: `cafe ${w}` })).results.map((r) => r.item.id).sort()).toEqual([cafe, both].sort());
    expect(ids(await search(t, ben, { q: `"tea ${w}"` }))).toEqual([tea]);
    expect(ids(await search(t, ben, { q: `${w} cafe -tea` }))).toEqual([cafe]);
    // `or` joins the words on either side of it: ("tea w") or (ouvert).
    expect(ids(await search(t, ben, { q: `"tea ${w}" or ouvert` })).sort()).toEqual([cafe, tea].sort());
  });

  it('marks the matched words in a plain snippet, at their exact positions', async () => {
    const [ada, ben] = await t.members(2);
    const w = uniqueWord();
    await sendDirect(t, ada, ben, `Ça va? <b>Café</b> 😀 with ${w}, then café again`);
    const [hit] = (await search(t, ben, { q: `cafe ${w} -nothing` })).results;
    expect(hit!.snippet).toBe(`Ça va? <b>Café</b> 😀 with ${w}, then café again`);
    expect(marked(hit!)).toEqual(['Café', w, 'café']);
  });

  it('cuts a long message around the first match', async () => {
    const [ada, ben] = await t.members(2);
    const w = uniqueWord();
    const text = `${'filler words here '.repeat(30)}the ${w} is here ${'and more words after '.repeat(30)}`;
    await sendDirect(t, ada, ben, text);
    const [hit] = (await search(t, ben, { q: w })).results;
    expect(hit!.snippet.length).toBeLessThanOrEqual(182);
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    expect(marked(hit!)).toEqual([w]);
  });

  it('puts the best match first and pages through every result once, with an opaque cursor', async () => {
    const [ada, ben] = await t.members(2);
    const w = uniqueWord();
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) sent.push(await sendDirect(t, ada, ben, `${w} number ${i} ${'padding '.repeat(i * 3)}`));
    const best = await sendDirect(t, ada, ben, `${w} ${w}`);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await search(t, ben, { q: w, limit: 3, ...(cursor ? { before: cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen[0]).toBe(best);
    expect([...seen].sort()).toEqual([...sent, best].sort());
    // Among equally good matches the shortest message ranks first (the others are the same words and more padding).
    expect(seen.slice(1)).toEqual(sent);
  });

  it('narrows by filters typed as words or chosen as parameters', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const w = uniqueWord();
    const direct = await sendDirect(t, ada, ben, w);
    const fromBen = await sendToGroup(t, ben, group.id, w);
    const fromAda = await sendToGroup(t, ada, group.id, w);
    expect(ids(await search(t, ada, { q: `${w} from:${ben.username}` }))).toEqual([fromBen]);
    expect(ids(await search(t, ada, { q: w, from: `@${ben.username}` }))).toEqual([fromBen]);
    expect(ids(await search(t, ada, { q: `${w} in:@${ben.username}` }))).toEqual([direct]);
    expect(ids(await search(t, ada, { q: w, in_kind: 'direct', in_id: ben.id }))).toEqual([direct]);
    expect(ids(await search(t, ada, { q: `in:group:${group.id} ${w}` })).sort()).toEqual([fromBen, fromAda].sort());
    expect(ids(await search(t, ada, { q: `${w} has:file` }))).toEqual([]);
    expect(ids(await search(t, ada, { q: `${w} before:2000-01-01` }))).toEqual([]);
    expect(ids(await search(t, ada, { q: `${w} after:2000-01-01` })).sort()).toEqual([direct, fromBen, fromAda].sort());
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await search(t, ada, { q: w, after_date: today }))).toEqual([]);
    // A quoted filter is a phrase to look for, not a filter.
    expect(ids(await search(t, ada, { q: `${w} "from:${ben.username}"` }))).toEqual([]);
    // Filters alone list the newest first.
    expect(ids(await search(t, ada, { q: `from:${ben.username} in:group:${group.id}` }))).toEqual([fromBen]);
  });

  it('finds messages with a file or a picture, by their words or by the filter alone', async () => {
    const [ada, ben] = await t.members(2);
    const w = uniqueWord();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const send = async (file: { filename: string; contentType: string; data: Buffer }) => {
      const res = await t
        .as(ada)
        .multipart('/api/chat/send', { peer_id: String(ben.id), text: `${w} attached` }, [{ field: 'file', ...file }]);
      expect(res.statusCode).toBe(201);
      return res.json().message.id as number;
    };
    const picture = await send({ filename: 'view.png', contentType: 'image/png', data: png });
    const notes = await send({ filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('plain notes') });
    const plain = await sendDirect(t, ada, ben, `${w} no file`);
    expect(ids(await search(t, ben, { q: `${w} has:image` }))).toEqual([picture]);
    expect(ids(await search(t, ben, { q: `${w} has:file` })).sort()).toEqual([picture, notes].sort());
    expect(ids(await search(t, ben, { q: `in:@${ada.username}`, has: 'image' }))).toEqual([picture]);
    expect(ids(await search(t, ben, { q: `from:${ada.username}` }))).toEqual([plain, notes, picture]);
    const [hit] = (await search(t, ben, { q: `${w} has:image` })).results;
    expect(hit!.item).toEqual(expect.objectContaining({ media_type: 'image/png', file_name: 'view.png' }));
  });
});
