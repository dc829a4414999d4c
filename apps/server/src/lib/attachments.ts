import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { withoutInvisible } from '@tribeverse/shared';
import { chargeDecode } from './decode-budget.ts';
import { decodeSlots } from './decode-slots.ts';
import { loadSharp, MAX_INPUT_PIXELS } from './images.ts';
import { unsupportedMedia } from './errors.ts';

/** Chat attachments (private and community chat alike). Images are re-encoded (EXIF, GPS and any hidden payload dropped); other files are kept as they are if their content is on this list. */
const IMAGE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;

const FILE_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-cfb', // .doc, .xls, .ppt
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'audio/mpeg',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/aac',
  'audio/x-m4a',
  'audio/mp4',
  'audio/webm',
  'audio/flac',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/ogg',
]);

/** Plain text has no signature: accepted by extension when it really is text and not markup a browser would run. */
const TEXT_EXTENSIONS: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown', log: 'text/plain' };
const MARKUP = /<\s*(!doctype|html|script|svg|iframe|body|head|meta|object|embed)\b/i;

export interface StoredAttachment {
  data: Buffer;
  extension: string;
  mediaType: string;
  fileName: string;
  /** A voice note recorded in the composer: length and waveform read from the decoded audio (voice-notes.ts). */
  voice?: { durationMs: number; waveform: number[] };
}

/**
 * Keeps a readable, harmless original name for the 'Attachment' link: the characters full names refuse (control,
 * format such as bidi overrides, isolates and zero-width ones, blank fillers) are taken out, so 'invoice' + U+202E +
 * 'fdp.exe' cannot read as a PDF and no name hides or fakes what it says.
 */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = withoutInvisible(path.basename(name ?? ''))
    .replace(/[/\\]/g, '')
    .trim()
    .slice(0, 150);
  return base || `attachment.${extension}`;
}

function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: true });
  try {
    const decoded = text.decode(data);
    return !MARKUP.test(decoded);
  } catch {
    return false;
  }
}

/**
 * A signature is a few bytes anyone can put in front of anything. Audio and video are played inline, so the whole
 * container is read (frames, atoms, chunks) and must add up to a playable length; a file that only starts like media
 * does not.
 */
async function playable(data: Buffer, mimeType: string): Promise<boolean> {
  try {
    const { format } = await parseBuffer(data, { mimeType, size: data.length }, { duration: true, skipCovers: true });
    return typeof format.duration === 'number' && Number.isFinite(format.duration) && format.duration > 0;
  } catch {
    return false;
  }
}

export async function prepareAttachment(data: Buffer, originalName: string | undefined): Promise<StoredAttachment> {
  const detected = await fileTypeFromBuffer(data);
  if (detected && detected.mime in IMAGE_FORMATS) {
    const format = IMAGE_FORMATS[detected.mime as keyof typeof IMAGE_FORMATS];
    const animated = format === 'gif' || format === 'webp';
    const sharp = await loadSharp();
    let pixels: number;
    try {
      const meta = await sharp(data, { animated, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (animated ? (meta.pages ?? 1) : 1);
    } catch {
      throw unsupportedMedia('This image could not be read.');
    }
    // Charged before the decode, outside the catch: a spent budget is a 429, not an unreadable image.
    await chargeDecode(pixels);
    let output: Buffer;
    try {
      let image = sharp(data, { animated, limitInputPixels: MAX_INPUT_PIXELS });
      if (!animated) image = image.rotate();
      output = await decodeSlots.run(() => image.toFormat(format).toBuffer());
    } catch {
      throw unsupportedMedia('This image could not be read.');
    }
    const extension = format === 'jpeg' ? 'jpg' : format;
    return { data: output, extension, mediaType: detected.mime, fileName: cleanFileName(originalName, extension) };
  }
  if (detected) {
    if (!FILE_TYPES.has(detected.mime)) throw unsupportedMedia('This type of file cannot be sent.');
    if (/^(audio|video)\//.test(detected.mime) && !(await playable(data, detected.mime)))
      throw unsupportedMedia('This audio or video file could not be read.');
    return { data, extension: detected.ext, mediaType: detected.mime, fileName: cleanFileName(originalName, detected.ext) };
  }
  const extension = path
    .extname(originalName ?? '')
    .slice(1)
    .toLowerCase();
  const textType = TEXT_EXTENSIONS[extension];
  if (!textType || !isPlainText(data)) throw unsupportedMedia('This type of file cannot be sent.');
  return { data, extension, mediaType: textType, fileName: cleanFileName(originalName, extension) };
}
