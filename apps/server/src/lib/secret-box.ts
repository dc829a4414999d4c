import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'v1:';

/**
 * Encrypts secrets the app must read back (an authenticator app's shared secret cannot be hashed like a password)
 * with AES-256-GCM, so a copy of the database alone does not hand out second factors. Values stored before
 * encryption (no prefix) still read as they are.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
  }

  /** The plain value; throws when the value was sealed with another key (or altered). */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/**
 * The configured key, or the one kept in DATA_DIR/secrets.key (made on first use, readable by the owner only). A
 * key file is created exclusively, so two processes starting together on one DATA_DIR agree on one key.
 */
export function openSecretBox(options: { key?: Buffer; dataDir: string }): SecretBox {
  return new SecretBox(secretsKey(options));
}

/** The deployment's secrets key (SECRETS_KEY, or the one kept in DATA_DIR/secrets.key, made on first use). */
export function secretsKey(options: { key?: Buffer; dataDir: string }): Buffer {
  if (options.key) return options.key;
  const file = path.join(options.dataDir, 'secrets.key');
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}
