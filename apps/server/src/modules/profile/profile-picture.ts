import { ACCEPTED_FORMATS_TEXT, reencodePicture } from '../../lib/images.ts';

export const PICTURE_SIZE = 512;
const NOT_AN_IMAGE_MSG = `The profile picture must be an image (${ACCEPTED_FORMATS_TEXT}).`;

/** A 512 px square WebP, cropped around what draws the eye, with no metadata. */
export async function toProfilePicture(data: Buffer): Promise<Buffer> {
  const [picture] = await reencodePicture(
    data,
    [{ resize: { width: PICTURE_SIZE, height: PICTURE_SIZE, fit: 'cover', position: 'attention' }, quality: 82 }],
    NOT_AN_IMAGE_MSG,
  );
  return picture!.data;
}
