import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkPreviewErrorCode } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { isPublicAddress, systemResolve, type Resolve } from '../../lib/public-address.ts';
import { MediaStorage } from '../../lib/storage.ts';
import { LinkRefused, LinkUnavailable, SafeFetcher } from './link-preview-fetch.ts';
import type { LinkPreviewRepository } from './link-preview.repository.ts';
import { LinkPreviewService } from './link-preview.service.ts';
import { ogPage, pageServer, picture, pngPicture, redirect, type PageServer } from './link-preview.test-support.ts';

// No LINK_PREVIEW_ALLOW_PRIVATE: as deployed.
const t = useTestApp();

/** The server nothing may reach: on every loopback address, IPv4 and IPv6. */
let inside: PageServer;
/** Stands in for a site on the public internet: 127.0.0.2, which the unit tests' address check lets through. */
let outside: PageServer;
let member: Member;

beforeAll(async () => {
  const png = await pngPicture();
  inside = await pageServer('::', { '/': ogPage({ title: 'Inside' }), '/secret': ogPage({ title: 'Secret' }), '/pic.png': picture(png) });
  outside = await pageServer('127.0.0.2', {
    '/to-loopback': redirect(`http://127.0.0.1:${inside.port}/secret`),
    '/to-localhost': redirect(`http://localhost:${inside.port}/secret`),
    '/to-ipv6': redirect(`http://[::1]:${inside.port}/secret`),
    '/to-mapped': redirect(`http://[::ffff:127.0.0.1]:${inside.port}/secret`),
    '/to-decimal': redirect(`http://2130706433:${inside.port}/secret`),
    '/to-file': redirect('file:///etc/passwd'),
    '/private-picture': ogPage({ title: 'Outside', image: `http://127.0.0.1:${inside.port}/pic.png` }),
    '/slow': () => {
      // Answers nothing, ever: the time cap ends it.
    },
    '/slow-picture-page': ogPage({ title: 'Slow picture', image: '/slow' }),
    '/big': picture(Buffer.alloc(64 * 1024, 1)),
  });
  member = await t.member();
});
afterAll(async () => {
  await inside.close();
  await outside.close();
});

describe('GET /api/link-preview without LINK_PREVIEW_ALLOW_PRIVATE', () => {
  it('refuses every spelling of a loopback, private, link-local or metadata address, and sends nothing there', async () => {
    const p = inside.port;
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://127.1:${p}/`,
      `http://0.0.0.0:${p}/`,
      `https://127.0.0.1:${p}/`,
      'http://10.0.0.1/',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://224.0.0.1/',
      'http://[::]/',
      'http://[64:ff9b::7f00:1]/',
    ]) {
      const res = await t.as(member).get(`/api/link-preview?url=${encodeURIComponent(url)}`);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({ code: LinkPreviewErrorCode.REFUSED });
    }
    expect(inside.hits).toEqual([]);
  });
});

/** A fetcher as deployed, but for 127.0.0.2 (the stand-in public site) and the names given their own answers. */
function fetcher(names: Record<string, string[]> = {}, more: { timeoutMs?: number } = {}) {
  const asked: string[] = [];
  const resolve: Resolve = async (host) => {
    asked.push(host);
    const given = names[host];
    if (given) return given.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return systemResolve(host);
  };
  const safe = new SafeFetcher({
    allowPrivate: false,
    resolve,
    isAllowed: (address) => address === '127.0.0.2' || isPublicAddress(address),
    ...more,
  });
  return { safe, asked };
}
const page = { accepts: (type: string) => type === 'text/html', maxBytes: 1024 * 1024, overflow: 'truncate' as const };

describe('SafeFetcher', () => {
  it('reaches a public address (the stand-in)', async () => {
    const { safe } = fetcher();
    const fetched = await safe.fetch(`${outside.origin}/private-picture`, page);
    expect(fetched.body.toString()).toContain('Outside');
  });

  it('refuses a public-looking name that resolves to loopback, or to loopback among public addresses', async () => {
    const { safe } = fetcher({ 'news.example': ['127.0.0.1'], 'mixed.example': ['127.0.0.2', '::1'] });
    await expect(safe.fetch(`http://news.example:${inside.port}/`, page)).rejects.toBeInstanceOf(LinkRefused);
    await expect(safe.fetch(`http://mixed.example:${inside.port}/`, page)).rejects.toBeInstanceOf(LinkRefused);
    expect(inside.hits).toEqual([]);
  });

  it('refuses a redirect from an allowed page to a private one, however it is spelt', async () => {
    const { safe } = fetcher();
    for (const path of ['/to-loopback', '/to-localhost', '/to-ipv6', '/to-mapped', '/to-decimal', '/to-file'])
      await expect(safe.fetch(`${outside.origin}${path}`, page), path).rejects.toBeInstanceOf(LinkRefused);
    expect(outside.hits.map((h) => h.path)).toContain('/to-decimal');
    expect(inside.hits).toEqual([]);
  });

  it('connects to the address it checked, whatever DNS answers next (rebinding)', async () => {
    let answers = 0;
    const safe = new SafeFetcher({
      allowPrivate: false,
      // First a public address, then loopback for anyone who asks again.
      resolve: async () => [{ address: answers++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }],
      isAllowed: (address) => address === '127.0.0.2' || isPublicAddress(address),
    });
    const fetched = await safe.fetch(`http://rebind.example:${outside.port}/private-picture`, page);
    expect(fetched.body.toString()).toContain('Outside');
    expect(outside.hits.at(-1)).toMatchObject({ host: `rebind.example:${outside.port}`, localAddress: '127.0.0.2' });
    expect(inside.hits).toEqual([]);
  });

  it('gives up on a page that does not answer in time, and on a picture over its size cap', async () => {
    const { safe } = fetcher({}, { timeoutMs: 300 });
    const started = Date.now();
    await expect(safe.fetch(`${outside.origin}/slow`, page)).rejects.toBeInstanceOf(LinkUnavailable);
    expect(Date.now() - started).toBeLessThan(3000);
    const image = { accepts: () => true, maxBytes: 1000, overflow: 'fail' as const };
    await expect(safe.fetch(`${outside.origin}/big`, image)).rejects.toBeInstanceOf(LinkUnavailable);
  });

  it('leaves out a picture that never answers, once the time cap is up', async () => {
    const { safe } = fetcher({}, { timeoutMs: 400 });
    const repository = { find: async () => null, save: async () => null };
    const service = new LinkPreviewService(repository as unknown as LinkPreviewRepository, safe, new MediaStorage(os.tmpdir()));
    const started = Date.now();
    expect(await service.preview(`${outside.origin}/slow-picture-page`)).toMatchObject({ title: 'Slow picture', image: null });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("fetches a preview's picture with the same checks: one on loopback is left out, unasked", async () => {
    const { safe } = fetcher();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-preview-'));
    const saved: unknown[] = [];
    const repository = { find: async () => null, save: async (row: unknown) => (saved.push(row), null) };
    const service = new LinkPreviewService(repository as unknown as LinkPreviewRepository, safe, new MediaStorage(dir));
    try {
      const preview = await service.preview(`${outside.origin}/private-picture`);
      expect(preview).toMatchObject({ title: 'Outside', image: null });
      expect(saved).toHaveLength(1);
      expect(inside.hits).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
