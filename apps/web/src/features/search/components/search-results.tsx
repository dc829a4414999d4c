import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useSearch, type SearchType } from '../api/search';
import { ResultItem } from './result-item';
import { shownSearchBox } from './search-box';

/** Up and Down move between results (Up from the first goes back to the box), Home and End to either end, Escape to the box. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const links = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-search-result]')];
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[e.key];
  if (e.key === 'Escape' || to === -1) {
    e.preventDefault();
    shownSearchBox()?.focus();
  } else if (to !== undefined) {
    e.preventDefault();
    links[Math.min(to, links.length - 1)]?.focus();
  }
}

/** One kind of results: loading, error, 'No results', or the list, paged as it scrolls. */
export function SearchResults({ q, type, label }: { q: string; type: SearchType; label: string }) {
  const query = useSearch(q, type);
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

  if (!q.trim()) return <p className="text-slate-400">Type a word or a name to search {label.toLowerCase()}.</p>;
  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-slate-300">
        <Spinner label="Searching" /> Searching…
      </p>
    );
  if (query.isError) return <ListError onRetry={() => void query.refetch()}>{errorMessage(query.error, 'Search failed')}</ListError>;

  const results = query.data.pages.flatMap((page) => page.results);
  if (!results.length)
    return (
      <p role="status" className="text-slate-300">
        No results for “{q.trim()}”.
      </p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`${label} found`} onKeyDown={moveFocus} className="flex flex-col gap-1">
        {results.map((result, i) => (
          <li key={`${result.type}-${'post_id' in result.item ? result.item.post_id : result.item.id}-${i}`}>
            <ResultItem result={result} />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <div ref={sentinel} className="flex justify-center py-4">
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            className="min-h-11 px-3 text-sm text-brand-400 hover:underline"
          >
            {isFetchingNextPage ? 'Loading more results…' : 'More results'}
          </button>
        </div>
      )}
    </div>
  );
}
