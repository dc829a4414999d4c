// The content coding of web push (RFC 8188/8291), used by the tests' push service to decrypt what the app sends; it
// ships no types of its own.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
