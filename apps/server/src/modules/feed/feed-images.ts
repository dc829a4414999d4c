import { FEED_LIMITS } from '@tribeverse/shared';
import { ACCEPTED_FORMATS_TEXT, reencodePicture } from '../../lib/images.ts';

export interface ProcessedImage {
  full: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export const NOT_AN_IMAGE_MSG = `Only images can be attached (${ACCEPTED_FORMATS_TEXT}).`;

const inside = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });

/** A feed picture: the full image (longest side 2048 px, still animated for a GIF or WebP) and its first-frame thumbnail, both without metadata. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const [full, thumbnail] = await reencodePicture(
    input,
    [
      { resize: inside(FEED_LIMITS.imageMaxSide), quality: 82, animated: true },
      { resize: inside(FEED_LIMITS.thumbnailSide), quality: 75 },
    ],
    NOT_AN_IMAGE_MSG,
  );
  return { full: full!.data, thumbnail: thumbnail!.data, width: full!.width, height: full!.height };
}
