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
      <button
        type="button"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        className="min-h-11 px-3 text-sm text-brand-400 hover:underline"
      >
        {isFetchingNextPage ? loadingLabel : label}
      </button>
    </div>
  );
}
