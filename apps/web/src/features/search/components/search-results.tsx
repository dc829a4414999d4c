import type { KeyboardEvent } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import type { SearchResult, SearchType } from '@tribeverse/shared';
import { ListFilter } from 'lucide-react';
import { useSearch } from '../api/search';
import { placeWord } from './query-words';
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

/** A message's conversation as an `in:` word: a direct chat is named by the other person, known when they wrote it. */
function placeOf(result: SearchResult) {
  if (result.type !== 'message') return null;
  const { conversation: c, sender } = result.item;
  return placeWord(c.kind, c.id, c.kind === 'direct' && sender.id === c.id ? sender.username : null);
}

/**
 * One kind of results: loading, error, 'No results', or the list, paged as it scrolls. Beside a message, a button
 * narrows the search to its conversation (`onPlace`, absent once the search is narrowed).
 */
export function SearchResults({ q, type, label, onPlace }: { q: string; type: SearchType; label: string; onPlace?(word: string): void }) {
  const query = useSearch(q, type);

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
          <li key={`${result.type}-${result.item.id}-${i}`} className="flex items-start gap-1">
            <ResultItem result={result} />
            {onPlace && placeOf(result) && (
              <button
                type="button"
                onClick={() => onPlace(placeOf(result)!)}
                aria-label={`Search only in ${result.type === 'message' ? result.item.conversation.name : ''}`}
                title="Search only in this conversation"
                className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-slate-100"
              >
                <ListFilter className="size-4" aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
      <LoadMore query={query} label="More results" loadingLabel="Loading more results…" />
    </div>
  );
}
