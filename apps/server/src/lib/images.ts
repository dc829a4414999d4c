import type { default as Sharp, Metadata, ResizeOptions } from 'sharp';
import { tooLarge, unsupportedMedia } from './errors.ts';
import { chargeDecode } from './decode-budget.ts';
import { decodeSlots } from './decode-slots.ts';

/** sharp (libvips: some 27 MB resident) is loaded with the first picture, not with the server. */
let sharpModule: Promise<typeof Sharp> | undefined;
export const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default));

/**
 * Formats a phone or camera produces that this build of sharp can decode. SVG and the like are refused: we only
 * store pictures we decoded ourselves. HEIF here means AVIF: the prebuilt libheif reads AV1 only, not HEVC (HEIC).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Formats whose frames we keep: an animated GIF or WebP stays animated (as an animated WebP). */
const ANIMATED_FORMATS = new Set(['gif', 'webp']);
/**
 * A decompression bomb (a tiny file claiming a gigantic canvas) is refused before it is decoded; frames count
 * together. 40 million pixels: a 40 MP camera photo passes, a 7000 x 7000 canvas (seconds of CPU) does not.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS_MSG = `This picture is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} million pixels (all frames together).`;
const HEIC_MSG = 'HEIC pictures cannot be read here: save it as JPEG (on an iPhone: Settings → Camera → Formats → Most Compatible).';

/** The formats a message may promise, in the words members know. */
export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF or AVIF';

export interface PictureVariant {
  resize: ResizeOptions;
  quality: number;
  /** Keep every frame of an animated picture; otherwise (e.g. thumbnails) the first frame is enough. */
  animated?: boolean;
}

export interface EncodedPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** AVIF and HEIC both report 'heif'; only AV1-compressed ones can be decoded by this build. */
const isHeic = (meta: Metadata) => meta.format === 'heif' && meta.compression !== undefined && meta.compression !== 'av1';

/**
 * Checks the content (never the file name or the claimed type), turns the picture upright by its EXIF orientation,
 * then re-encodes it as WebP once per variant: sharp writes no metadata unless asked, so EXIF (GPS included), XMP
 * and ICC text never reach other members. Anything that is not a readable picture is a 415 with `notAnImageMsg`;
 * a picture over the pixel limit is a 413 saying so.
 */
export function reencodePicture(input: Buffer, variants: PictureVariant[], notAnImageMsg: string): Promise<EncodedPicture[]> {
  return decodeSlots.run(() => decodeAndEncode(input, variants, notAnImageMsg));
}

async function decodeAndEncode(input: Buffer, variants: PictureVariant[], notAnImageMsg: string): Promise<EncodedPicture[]> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw refusal(error, notAnImageMsg);
  }
  if (isHeic(meta)) throw unsupportedMedia(HEIC_MSG);
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw unsupportedMedia(notAnImageMsg);
  const frames = ANIMATED_FORMATS.has(meta.format) ? (meta.pages ?? 1) : 1;
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * frames;
  if (pixels > MAX_INPUT_PIXELS) throw tooLarge(TOO_MANY_PIXELS_MSG);
  await chargeDecode(pixels);
  try {
    const still = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const moving = frames > 1 ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }) : still;
    const encoded: EncodedPicture[] = [];
    for (const variant of variants) {
      const base = variant.animated ? moving : still;
      const { data, info } = await base
        .clone()
        .resize(variant.resize)
        .webp({ quality: variant.quality })
        .toBuffer({ resolveWithObject: true });
      // An animated result's height is that of all frames stacked; members see one frame's.
      encoded.push({ data, width: info.width, height: info.pageHeight ?? info.height });
    }
    return encoded;
  } catch (error) {
    // Header fine, body broken (truncated upload, corrupt data).
    throw refusal(error, notAnImageMsg);
  }
}

/** sharp's own pixel check speaks of size; anything else it cannot read is not a picture we take. */
const refusal = (error: unknown, notAnImageMsg: string) =>
  error instanceof Error && /pixel limit/i.test(error.message) ? tooLarge(TOO_MANY_PIXELS_MSG) : unsupportedMedia(notAnImageMsg);
