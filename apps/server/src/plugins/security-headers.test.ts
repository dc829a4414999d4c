import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/harness.ts';

const t = useTestApp();

describe('Permissions-Policy', () => {
  it('lets this origin use the camera, microphone and location, and nobody any other powerful feature', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const header = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      const policy = new Map(header.split(/,\s*/).map((item) => item.split('=') as [string, string]));
      // The app takes pictures with the camera, the scan reads the location, voice messages will record.
      for (const feature of ['camera', 'microphone', 'geolocation']) expect(policy.get(feature)).toBe('(self)');
      // Everything else a page could ask the browser for is refused, to this origin's pages and to any frame.
      for (const feature of ['payment', 'usb', 'bluetooth', 'serial', 'hid', 'midi', 'display-capture', 'browsing-topics'])
        expect(policy.get(feature)).toBe('()');
    }
  });
});
