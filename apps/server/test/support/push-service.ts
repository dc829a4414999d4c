import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/*
 * A push service of the tests' own, on loopback, as browsers' push services are: RFC 8030 over https, the sender
 * authorized by a VAPID JWT (RFC 8292), the body encrypted to the browser's keys (RFC 8291, aes128gcm). It checks and
 * decrypts what the app sends with the private keys the "browser" (the test) holds, and records it.
 */

// ---- A self-signed certificate, made here (node:crypto signs; X.509's DER is written by hand, no dependency) ----

const der = (tag: number, content: Buffer) => {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const utcTime = (date: Date) => der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

/** A P-256 certificate for 127.0.0.1 and localhost, its own issuer (trusted as given: the test's CA is itself). */
export function selfSignedCertificate() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from('Tribeverse test push service')))));
  const serial = crypto.randomBytes(8);
  // Positive, and no leading zero byte (DER's integers are minimal).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const now = Date.now();
  const altNames = seq(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost')));
  const extensions = seq(
    seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, seq(der(0x01, Buffer.from([0xff]))))),
    seq(oid('2.5.29.17'), der(0x04, altNames)),
  );
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, extensions),
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ecdsaSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const pem = `-----BEGIN CERTIFICATE-----\n${cert.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
  return { cert: pem.replace('\n\n', '\n'), key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

/**
 * For the run's global setup: a certificate in a temporary folder, trusted by every test process through
 * NODE_EXTRA_CA_CERTS (as a deployment trusts a push service's CA), which Node reads only when a process starts.
 */
export function trustTestPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-push-ca-'));
  const { cert, key } = selfSignedCertificate();
  fs.writeFileSync(path.join(dir, 'cert.pem'), cert);
  fs.writeFileSync(path.join(dir, 'key.pem'), key, { mode: 0o600 });
  process.env.NODE_EXTRA_CA_CERTS = path.join(dir, 'cert.pem');
  process.env.TRIBEVERSE_TEST_PUSH_KEY = path.join(dir, 'key.pem');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

// ---- The push service ----

/** A push as the service received it: its headers, the JWT's claims, and the decrypted JSON body. */
export interface ReceivedPush {
  subscription: string;
  ttl: string | undefined;
  urgency: string | undefined;
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  body: any;
}

/** A browser's subscription: what it sends the app (`json`), and the private key it keeps. */
export interface TestSubscription {
  name: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: crypto.ECDH;
}

export async function startPushService(options: { vapidPublicKey: () => Promise<string> }) {
  const certFile = process.env.NODE_EXTRA_CA_CERTS;
  const keyFile = process.env.TRIBEVERSE_TEST_PUSH_KEY;
  if (!certFile || !keyFile) throw new Error('the global setup did not make the push service certificate');
  const subscriptions = new Map<string, TestSubscription>();
  /** What each subscription's endpoint answers (201 unless set: 410 for one the browser dropped). */
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];
  const waiting: Array<{ match: (p: ReceivedPush) => boolean; resolve: (p: ReceivedPush) => void }> = [];
  let requests = 0;
  const requestWaiters: Array<{ count: number; resolve: () => void }> = [];

  const check = async (req: IncomingMessage, body: Buffer, sub: TestSubscription): Promise<ReceivedPush> => {
    const authorization = req.headers.authorization ?? '';
    const params = Object.fromEntries(
      authorization
        .replace(/^vapid\s+/i, '')
        .split(',')
        .map((part) => part.trim().split('=') as [string, string]),
    );
    if (!params.t || !params.k) throw new Error(`no VAPID authorization: ${authorization}`);
    const expectedKey = await options.vapidPublicKey();
    if (params.k !== expectedKey) throw new Error('the VAPID key is not the app’s');
    const raw = Buffer.from(params.k, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
      'ES256',
    );
    const { payload } = await jwtVerify(params.t, key, { algorithms: ['ES256'], audience: `https://127.0.0.1:${port()}` });
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('the JWT expires too late');
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('the JWT has no contact');
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
    const plain = decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.json.keys.auth });
    return {
      subscription: sub.name,
      ttl: req.headers.ttl as string | undefined,
      urgency: req.headers.urgency as string | undefined,
      claims: payload,
      body: JSON.parse(plain.toString('utf8')),
    };
  };

  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const token = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const sub = token ? subscriptions.get(token) : undefined;
      const done = (status: number) => {
        res.writeHead(status).end();
        requests++;
        for (const w of requestWaiters.filter((w) => requests >= w.count)) {
          requestWaiters.splice(requestWaiters.indexOf(w), 1);
          w.resolve();
        }
      };
      if (req.method !== 'POST' || !sub) return done(404);
      const answer = answers.get(token!) ?? 201;
      if (answer !== 201) return done(answer);
      check(req, Buffer.concat(chunks), sub).then(
        (push) => {
          received.push(push);
          for (const w of waiting.filter((w) => w.match(push))) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(push);
          }
          done(201);
        },
        (error: Error) => {
          refusals.push(error.message);
          done(400);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => (server.address() as AddressInfo).port;

  return {
    received,
    refusals,
    /** A new browser subscription whose endpoint is on this service. */
    subscribe(name: string): TestSubscription {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const token = crypto.randomBytes(12).toString('base64url');
      const sub: TestSubscription = {
        name,
        ecdh,
        json: {
          endpoint: `https://127.0.0.1:${port()}/push/${token}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
        },
      };
      subscriptions.set(token, sub);
      return sub;
    },
    /** From now on this subscription's endpoint answers `status` (410: the browser unsubscribed). */
    answer(sub: TestSubscription, status: number) {
      answers.set(new URL(sub.json.endpoint).pathname.split('/').pop()!, status);
    },
    /** The first push (received already or to come) that matches. */
    next(match: (p: ReceivedPush) => boolean = () => true): Promise<ReceivedPush> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    /** How many requests the service has answered so far. */
    answered: () => requests,
    /** Resolves once the service has answered `count` requests in all. */
    requests(count: number): Promise<void> {
      if (requests >= count) return Promise.resolve();
      return new Promise((resolve) => requestWaiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startPushService>>;
