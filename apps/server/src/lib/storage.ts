import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Uploaded media under DATA_DIR/media, served at /media/<name>. Names are random: nothing to guess or traverse. */
export class MediaStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
  }

  async save(data: Buffer, extension: string): Promise<string> {
    await fs.mkdir(this.root, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${extension}`;
    await fs.writeFile(path.join(this.root, name), data);
    return `/media/${name}`;
  }

  async remove(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith('/media/')) return;
    const name = path.basename(url);
    await fs.rm(path.join(this.root, name), { force: true });
  }
}
