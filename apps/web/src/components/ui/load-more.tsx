import { useEffect, useRef } from 'react';

/** The paging part of an infinite query's result. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * The end of a list that pages as it scrolls: the next page loads as this comes near the view, and its button does
 * the same for a keyboard (or where the observer never fires). Nothing once the last page is in.
 */
export function LoadMore({ query, label, loadingLabel }: { query: Pages; label: string; loadingLabel: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <NextPageButton
        query={query}
        label={label}
        loadingLabel={loadingLabel}
        className="min-h-11 px-3 text-sm text-brand-400 hover:underline"
      />
    </div>
  );
}

/** The button that loads a list's next page, saying so while it does; nothing once the last page is in. */
export function NextPageButton({
  query,
  label,
  loadingLabel = 'Loading…',
  className,
}: {
  query: Pages;
  label: string;
  loadingLabel?: string;
  className: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className={className}>
      {query.isFetchingNextPage ? loadingLabel : label}
    </button>
  );
}
