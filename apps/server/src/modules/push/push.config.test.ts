import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../lib/env.ts';
import { vapidKeys } from './push-keys.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('VAPID configuration', () => {
  it('takes both keys or neither, and a mailto: or https: contact', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys).toEqual({ publicKey, privateKey });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).push.subject).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://tribe.example/' }).push.subject).toBe('https://tribe.example');
    expect(loadConfig({}).push).toMatchObject({ subject: 'mailto:admin@localhost', allowPrivateEndpoints: false });
  });

  it('without keys given, makes one pair in DATA_DIR that every process on it then reads', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-vapid-'));
    dirs.push(dataDir);
    const first = vapidKeys({ dataDir });
    expect(vapidKeys({ dataDir })).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(dataDir, 'vapid.json')).mode & 0o077).toBe(0);
    const given = webpush.generateVAPIDKeys();
    expect(vapidKeys({ given, dataDir })).toEqual(given);
  });
});
