import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Who may fetch a stored file: anyone (post pictures, avatars, community pictures) or only those a check lets in. */
export type MediaPlace = 'public' | 'private';

/**
 * Uploaded media. Public files live in DATA_DIR/media, served as they are at /media/<name>; private ones (chat and
 * community chat attachments) in DATA_DIR/private-media, which no static route serves: they go out only after the
 * member's access is checked (plugins/web-static.ts). Either way the stored reference is `/media/<name>`; names are
 * random, so there is nothing to guess or traverse.
 */
export class MediaStorage {
  readonly root: string;
  readonly privateRoot: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
    this.privateRoot = path.join(dataDir, 'private-media');
  }

  async save(data: Buffer, extension: string, place: MediaPlace = 'public'): Promise<string> {
    const root = place === 'private' ? this.privateRoot : this.root;
    await fs.mkdir(root, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${extension}`;
    await fs.writeFile(path.join(root, name), data);
    return `/media/${name}`;
  }

  /** Removes the file wherever it is (a chat file sent before private storage may still be in the public folder). */
  async remove(url: string | null | undefined): Promise<void> {
    const name = nameOf(url);
    if (!name) return;
    await Promise.all([this.root, this.privateRoot].map((root) => fs.rm(path.join(root, name), { force: true })));
  }

  /**
   * The name of a private file, ready to be sent from `privateRoot`, or null if there is none. A file sent before
   * private storage existed is moved out of the public folder first, so from then on no public link reaches it.
   */
  async privateName(url: string | null | undefined): Promise<string | null> {
    const name = nameOf(url);
    if (!name) return null;
    if (await exists(path.join(this.privateRoot, name))) return name;
    return (await this.makePrivate(url)) ? name : null;
  }

  /**
   * A stored file's bytes, or null when there is none (forwarding copies a message's file into a new one of the
   * target's, so the source's link never opens for the target's members). A file from before private storage is
   * made private first.
   */
  async read(url: string | null | undefined): Promise<Buffer | null> {
    const name = await this.privateName(url);
    if (!name) return null;
    try {
      return await fs.readFile(path.join(this.privateRoot, name));
    } catch (error) {
      // Removed meanwhile (the message was deleted at the same moment).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Moves a file out of the public folder into the private one; false when it was not in the public folder. */
  async makePrivate(url: string | null | undefined): Promise<boolean> {
    const name = nameOf(url);
    if (!name) return false;
    await fs.mkdir(this.privateRoot, { recursive: true });
    try {
      await fs.rename(path.join(this.root, name), path.join(this.privateRoot, name));
      return true;
    } catch (error) {
      // Not there: already private, removed, or moved at the same moment by another process.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

/** The file name of a stored reference, or null for anything that is not one of ours. */
function nameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith('/media/')) return null;
  const name = path.basename(url);
  return /^[0-9a-f]{32}\.[A-Za-z0-9]{1,16}$/.test(name) ? name : null;
}

async function exists(file: string) {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
