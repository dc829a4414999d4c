import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkPreviewErrorCode } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { html, ogPage, pageServer, picture, pngPicture, redirect, type PageServer } from './link-preview.test-support.ts';

// Pages are served from loopback here: as in every test that runs its own web server.
const t = useTestApp({ LINK_PREVIEW_ALLOW_PRIVATE: '1' });

let site: PageServer;
let member: Member;
let longPageClosed: Promise<void>;

beforeAll(async () => {
  const png = await pngPicture(1600, 800);
  site = await pageServer('127.0.0.1', {
    '/article': ogPage({ title: 'A story', description: 'What happened', image: '/pic.png', site_name: 'The Daily' }),
    '/pic.png': picture(png),
    '/plain': html(
      '<html><head><title> Just a  title </title><meta name="description" content="Said in meta"></head><body>x</body></html>',
    ),
    '/empty': html(''),
    '/moved': redirect('/article', 301),
    '/loop': redirect('/loop'),
    '/huge-picture-page': ogPage({ title: 'Big picture', image: '/huge.png' }),
    '/huge.png': picture(Buffer.alloc(6 * 1024 * 1024, 1)),
    '/not-a-picture-page': ogPage({ title: 'Text picture', image: '/text.png' }),
    '/text.png': picture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    '/pdf': html('%PDF-1.4', 'application/pdf'),
    '/gone': (_q, r) => r.writeHead(404).end('no'),
    '/long': (_q, r) => {
      // A head, then far more body than is ever read.
      longPageClosed = new Promise((resolve) => r.once('close', resolve));
      r.writeHead(200, { 'content-type': 'text/html' });
      r.write('<html><head><title>Long page</title></head><body>');
      const block = 'x'.repeat(64 * 1024);
      const more = () => {
        while (!r.destroyed && r.write(block));
        if (!r.destroyed) r.once('drain', more);
      };
      more();
    },
  });
  member = await t.member();
});
afterAll(() => site.close());

const preview = (url: string) => t.as(member).get(`/api/link-preview?url=${encodeURIComponent(url)}`);

describe('GET /api/link-preview', () => {
  it("shows a page's Open Graph tags with its picture copied to our media", async () => {
    const res = await preview(`${site.origin}/article`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ url: `${site.origin}/article`, title: 'A story', description: 'What happened', site_name: 'The Daily' });
    expect(body.image).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: body.image });
    expect(image.statusCode).toBe(200);
    // Re-encoded (WebP, RIFF header) and shrunk to at most 1200 wide, never the page's own PNG.
    expect(image.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const sharp = (await import('sharp')).default;
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1200);
  });

  it('answers from its cache: the page is fetched once per URL', async () => {
    const url = `${site.origin}/article?cached=1`;
    const first = await preview(url);
    const second = await t.as(await t.member()).get(`/api/link-preview?url=${encodeURIComponent(url)}`);
    expect(second.json()).toEqual(first.json());
    const fetches = site.hits.filter((h) => h.path === '/article').length;
    await preview(url);
    expect(site.hits.filter((h) => h.path === '/article').length).toBe(fetches);
  });

  it('falls back to <title> and the meta description on a page without Open Graph tags', async () => {
    const res = await preview(`${site.origin}/plain`);
    expect(res.json()).toEqual({
      url: `${site.origin}/plain`,
      title: 'Just a title',
      description: 'Said in meta',
      image: null,
      site_name: '127.0.0.1',
    });
  });

  it('answers a page with nothing to show with an empty preview', async () => {
    const res = await preview(`${site.origin}/empty`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `${site.origin}/empty`, title: null, description: null, image: null, site_name: '127.0.0.1' });
  });

  it('follows redirects, and gives up on a loop', async () => {
    expect((await preview(`${site.origin}/moved`)).json()).toMatchObject({ title: 'A story' });
    const loop = await preview(`${site.origin}/loop`);
    expect(loop.statusCode).toBe(422);
    expect(loop.json()).toMatchObject({ code: LinkPreviewErrorCode.UNAVAILABLE });
    // The first ask and five redirects, no more.
    expect(site.hits.filter((h) => h.path === '/loop')).toHaveLength(6);
  });

  it('reads the head of a page far past the size cap, and no more of it', async () => {
    const res = await preview(`${site.origin}/long`);
    expect(res.json()).toMatchObject({ title: 'Long page' });
    // The server stops being read: the connection is closed, not drained.
    await longPageClosed;
  });

  it('leaves out a picture over 5 MB or one that is not a picture', async () => {
    expect((await preview(`${site.origin}/huge-picture-page`)).json()).toMatchObject({ title: 'Big picture', image: null });
    expect((await preview(`${site.origin}/not-a-picture-page`)).json()).toMatchObject({ title: 'Text picture', image: null });
  });

  it('answers 422 LINK_UNAVAILABLE for what is not an HTML page, and 400 for what is not an http(s) link', async () => {
    for (const path of ['/pdf', '/gone']) {
      const res = await preview(`${site.origin}${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json(), path).toMatchObject({ code: LinkPreviewErrorCode.UNAVAILABLE });
    }
    for (const url of ['ftp://example.org/x', 'file:///etc/passwd', 'not a link']) {
      const res = await preview(url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('limits each member to 60 previews a minute, whoever else asks', async () => {
    const [busy, other] = await t.members(2);
    const url = encodeURIComponent(`${site.origin}/plain`);
    for (let i = 0; i < 60; i++) expect((await t.as(busy).get(`/api/link-preview?url=${url}`)).statusCode).toBe(200);
    const limited = await t.as(busy).get(`/api/link-preview?url=${url}`);
    expect(limited.statusCode).toBe(429);
    expect((await t.as(other).get(`/api/link-preview?url=${url}`)).statusCode).toBe(200);
  });

  it('is for members only', async () => {
    const res = await t.as(null).get(`/api/link-preview?url=${encodeURIComponent(`${site.origin}/article`)}`);
    expect(res.statusCode).toBe(401);
  });
});
