import { LinkPreviewErrorCode, type LinkPreview } from '@tribeverse/shared';
import { AppError } from '../../lib/errors.ts';
import { reencodePicture } from '../../lib/images.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { LinkRefused, LinkUnavailable, type SafeFetcher } from './link-preview-fetch.ts';
import { summarizePage } from './link-preview-page.ts';
import { presentLinkPreview } from './link-preview.presenter.ts';
import type { LinkPreviewRepository, LinkPreviewRow } from './link-preview.repository.ts';

/** A page is fetched again once its cached preview is this old. */
export const LINK_PREVIEW_FRESH_MS = 24 * 3600_000;
/** A page's head is within its first megabyte; the rest is not read. */
export const MAX_HTML_BYTES = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
const isImage = (type: string) => type.startsWith('image/') && type !== 'image/svg+xml';

const refused = () =>
  new AppError(
    422,
    LinkPreviewErrorCode.REFUSED,
    'This link points to an address that is not on the public internet, so it has no preview.',
  );
const unavailable = () => new AppError(422, LinkPreviewErrorCode.UNAVAILABLE, 'This page could not be read for a preview.');

/**
 * Previews of links: what a page says about itself and our own copy of its picture, cached per URL for every
 * member. Concurrent asks for one URL in this process share one fetch.
 */
export class LinkPreviewService {
  private readonly inFlight = new Map<string, Promise<LinkPreviewRow>>();

  constructor(
    private readonly repository: LinkPreviewRepository,
    private readonly fetcher: SafeFetcher,
    private readonly media: MediaStorage,
    private readonly limits = { htmlBytes: MAX_HTML_BYTES, imageBytes: MAX_IMAGE_BYTES },
  ) {}

  async preview(link: string): Promise<LinkPreview> {
    const url = new URL(link);
    url.hash = '';
    const key = url.toString();
    const cached = await this.repository.find(key);
    if (cached && Date.now() - cached.fetchedAt.getTime() < LINK_PREVIEW_FRESH_MS) return presentLinkPreview(cached);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return presentLinkPreview(await pending);
  }

  private async fetchAndStore(url: string): Promise<LinkPreviewRow> {
    // One time cap for the page and its picture together.
    const deadline = Date.now() + this.fetcher.timeoutMs;
    let page;
    try {
      page = await this.fetcher.fetch(url, { accepts: isHtml, maxBytes: this.limits.htmlBytes, overflow: 'truncate' }, deadline);
    } catch (error) {
      if (error instanceof LinkRefused) throw refused();
      if (error instanceof LinkUnavailable) throw unavailable();
      throw error;
    }
    const summary = await summarizePage(page.body, page.contentType, page.url);
    const image = summary.imageUrl ? await this.picture(summary.imageUrl, deadline) : null;
    const row = { url, title: summary.title, description: summary.description, image, siteName: summary.siteName };
    const replaced = await this.repository.save(row);
    await this.media.remove(replaced);
    return { ...row, fetchedAt: new Date() };
  }

  /**
   * Our copy of the page's picture, fetched with the same checks as the page and re-encoded (what is stored was
   * decoded by us; no metadata goes along), or null: a picture that cannot be had leaves the preview without one.
   */
  private async picture(link: string, deadline: number): Promise<string | null> {
    try {
      const fetched = await this.fetcher.fetch(link, { accepts: isImage, maxBytes: this.limits.imageBytes, overflow: 'fail' }, deadline);
      const [encoded] = await reencodePicture(
        fetched.body,
        [{ resize: { width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true }, quality: 80 }],
        'not a picture',
      );
      return await this.media.save(encoded!.data, 'webp');
    } catch (error) {
      if (error instanceof LinkRefused || error instanceof LinkUnavailable) return null;
      // A picture too large to decode, or not one: no picture. A spent decode budget (429) is the member's to know.
      if (error instanceof AppError && error.statusCode !== 429) return null;
      throw error;
    }
  }
}
