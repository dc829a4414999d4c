import ogs from 'open-graph-scraper';

export interface PageSummary {
  title: string | null;
  description: string | null;
  /** The picture the page names, resolved against the page's address; not fetched yet. */
  imageUrl: string | null;
  siteName: string | null;
}

/** The longest texts kept: a card shows a line or two, and a page's tags are not ours to store in full. */
const MAX_TITLE = 300;
const MAX_DESCRIPTION = 1000;
const MAX_SITE_NAME = 100;

/**
 * What a page says about itself: its Open Graph tags, else its <title> and meta description (open-graph-scraper
 * falls back to them). It is handed the HTML we fetched ourselves, never the address: it must not fetch anything.
 */
export async function summarizePage(body: Buffer, contentType: string, pageUrl: URL): Promise<PageSummary> {
  const html = decodeHtml(body, contentType);
  // It throws (not even an Error) on an empty page: a page with nothing to say.
  const result = await ogs({ html, onlyGetOpenGraphInfo: false }).then(
    (found) => found.result,
    () => ({}) as Awaited<ReturnType<typeof ogs>>['result'],
  );
  const image = result.ogImage?.find((i) => i.url)?.url ?? result.twitterImage?.find((i) => i.url)?.url;
  return {
    title: clip(result.ogTitle ?? result.twitterTitle, MAX_TITLE),
    description: clip(result.ogDescription ?? result.twitterDescription, MAX_DESCRIPTION),
    imageUrl: image ? absoluteHttp(image, pageUrl) : null,
    siteName: clip(result.ogSiteName, MAX_SITE_NAME) ?? pageUrl.hostname.replace(/^www\./, ''),
  };
}

/** The charset the response names, else the one a <meta> in the first bytes names, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function clip(text: string | undefined, max: number): string | null {
  const clean = text?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function absoluteHttp(link: string, base: URL): string | null {
  try {
    const url = new URL(link, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
