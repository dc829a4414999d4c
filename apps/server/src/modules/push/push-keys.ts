import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The deployment's VAPID key pair: the configured one, or the one kept in DATA_DIR/vapid.json (made on first use,
 * readable by the owner only). A browser's subscription is bound to the public key it was made with, so the pair
 * must outlive restarts and be the same on every process; the file is created exclusively, so two processes starting
 * together on one DATA_DIR agree on one pair.
 */
export function vapidKeys(options: { given?: VapidKeys; dataDir: string }): VapidKeys {
  if (options.given) return options.given;
  const file = path.join(options.dataDir, 'vapid.json');
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID key pair (remove it to make a new one; browsers then subscribe again)`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}
