import sharp, { type ResizeOptions } from 'sharp';
import { unsupportedMedia } from './errors.ts';

/** Formats a phone or camera produces. SVG and the like are refused: we only store pictures we decoded ourselves. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** A decompression bomb (a tiny file claiming a gigantic canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface PictureVariant {
  resize: ResizeOptions;
  quality: number;
}

export interface EncodedPicture {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks the content (never the file name or the claimed type), turns the picture upright by its EXIF orientation,
 * then re-encodes it as WebP once per variant: sharp writes no metadata unless asked, so EXIF (GPS included), XMP
 * and ICC text never reach other members. Anything that is not a readable picture is a 415 with `notAnImageMsg`.
 */
export async function reencodePicture(input: Buffer, variants: PictureVariant[], notAnImageMsg: string): Promise<EncodedPicture[]> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unsupportedMedia(notAnImageMsg);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedMedia(notAnImageMsg);
  try {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded: EncodedPicture[] = [];
    for (const variant of variants) {
      const { data, info } = await base.clone().resize(variant.resize).webp({ quality: variant.quality }).toBuffer({ resolveWithObject: true });
      encoded.push({ data, width: info.width, height: info.height });
    }
    return encoded;
  } catch {
    // Header fine, body broken (truncated upload, corrupt data).
    throw unsupportedMedia(notAnImageMsg);
  }
}
