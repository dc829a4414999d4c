import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { useLinkPreview } from '../../lib/api/link-preview';
import { splitLinks } from './linkified-text';

/** The first web link of a text, as the text shows it linked; null when there is none. */
export function firstLinkOf(text: string): string | null {
  for (const part of splitLinks(text)) if (part.kind === 'url') return part.href;
  return null;
}

/**
 * What a link points to: the page's picture (our copy), title, description and site. Nothing is shown while it
 * loads, when the page has no preview, or when the server refused the link. `onRemove`: the composer's × ("Remove
 * preview"), which sends the message without it.
 */
export function LinkPreviewCard({ url, onRemove }: { url: string | null; onRemove?: () => void }) {
  const { data } = useLinkPreview(url);
  if (!url || !data || (!data.title && !data.description)) return null;
  return (
    <div
      data-testid="link-preview"
      className="mt-2 flex max-w-sm overflow-hidden rounded-xl border border-slate-700 bg-slate-900 text-left whitespace-normal"
    >
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="flex min-w-0 flex-1 flex-col focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        {data.image && <img src={data.image} alt="" loading="lazy" className="aspect-[1.91/1] w-full bg-slate-800 object-cover" />}
        <span className="flex flex-col gap-0.5 px-3 py-2">
          {data.site_name && <span className="truncate text-xs text-slate-400">{data.site_name}</span>}
          {data.title && <span className="line-clamp-2 text-sm font-semibold text-slate-100">{data.title}</span>}
          {data.description && <span className="line-clamp-3 text-xs text-slate-300">{data.description}</span>}
        </span>
      </a>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove preview"
          title="Remove preview"
          className="flex size-11 shrink-0 items-center justify-center text-slate-300 hover:bg-slate-800 hover:text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** The card of a text's first link, under a message or a post; a text without a link asks nothing. */
export function TextLinkPreview({ text }: { text: string }) {
  const url = firstLinkOf(text);
  return url ? <LinkPreviewCard url={url} /> : null;
}

/** How long the composer's text stays unchanged before its link is looked up: not one request per keystroke. */
export const COMPOSER_PREVIEW_DELAY_MS = 600;

/** The preview of the first link being typed, as it will show under the message; `onRemove` sends it without. */
export function ComposerLinkPreview({ text, onRemove }: { text: string; onRemove?: () => void }) {
  const link = firstLinkOf(text);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(link), COMPOSER_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [link]);
  return link && settled === link ? (
    <div className="mb-2">
      <LinkPreviewCard url={link} onRemove={onRemove} />
    </div>
  ) : null;
}
