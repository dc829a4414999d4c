import { z } from '../zod.ts';

/** Error codes of link previews; clients branch on them (both are 422: the link is fine as text, it has no preview). */
export const LinkPreviewErrorCode = {
  /** The address, or one a redirect led to, is not on the public internet (loopback, private, link-local, metadata…). */
  REFUSED: 'LINK_REFUSED',
  /** The page could not be read: no answer in time, an error status, not HTML, too many redirects. */
  UNAVAILABLE: 'LINK_UNAVAILABLE',
} as const;

/** The longest link a preview is asked for. */
export const LINK_PREVIEW_URL_MAX = 2000;

export const linkPreviewQuerySchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http or https URL' })
    .max(LINK_PREVIEW_URL_MAX, `url must be at most ${LINK_PREVIEW_URL_MAX} characters`),
});
export type LinkPreviewQuery = z.infer<typeof linkPreviewQuerySchema>;

/**
 * What a link shows: the page's Open Graph tags, else its <title> and meta description. `image` is a picture we
 * fetched, re-encoded and serve ourselves (/media/…), never the page's own address; null fields are absent on the page.
 */
export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  site_name: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;
