import { describe, expect, it } from 'vitest';
import { isAppPage, isPublicPicture } from './sw-rules';

const ORIGIN = 'https://tribeverse.example';
const at = (path: string) => new URL(path, ORIGIN);

describe('what the service worker may answer from its caches', () => {
  it('opens the app shell offline for client routes only, never for what the server answers itself', () => {
    for (const page of ['/', '/home', '/scan-chat/private/7', '/auth/login?next=%2Fhome', '/apiary', '/mediation'])
      expect(isAppPage(at(page))).toBe(true);
    for (const server of [
      '/api',
      '/api/auth/me',
      '/media/abc.webp',
      '/media/private/chat/1/a.png',
      '/socket.io/?EIO=4',
      '/assets/x.js',
      '/metrics',
    ])
      expect(isAppPage(at(server))).toBe(false);
  });

  it('keeps public pictures of this origin, never private chat files, other kinds of file or other origins', () => {
    expect(isPublicPicture(at('/media/0123456789abcdef0123456789abcdef.webp'), 'image', ORIGIN)).toBe(true);
    expect(isPublicPicture(at('/media/private/chat/12/0123456789abcdef0123456789abcdef.webp'), 'image', ORIGIN)).toBe(false);
    // A dot segment cannot smuggle a private path past the check: the address is normalised first.
    expect(isPublicPicture(at('/media/x/../private/chat/12/a.webp'), 'image', ORIGIN)).toBe(false);
    expect(isPublicPicture(at('/media/0123.mp4'), 'video', ORIGIN)).toBe(false);
    expect(isPublicPicture(at('/api/users/1/avatar'), 'image', ORIGIN)).toBe(false);
    expect(isPublicPicture(new URL('/media/a.webp', 'https://elsewhere.example'), 'image', ORIGIN)).toBe(false);
  });
});
