import clsx from 'clsx';
import { SEARCH_QUERY_MAX } from '@tribeverse/shared';
import { Search, X } from 'lucide-react';
import { useSearchBox } from '../hooks/use-search-box';

const isShown = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true);

/** The search box on screen now: the header's on wide screens, the search screen's on a phone. */
export const shownSearchBox = () => [...document.querySelectorAll<HTMLInputElement>('[data-search-box]')].find(isShown);

export const firstResult = () => [...document.querySelectorAll<HTMLElement>('[data-search-result]')].find(isShown);

/**
 * A box that searches as one types (Enter at once). Down goes to the first result; Escape empties the box, or leaves
 * it when it is empty.
 */
export function SearchBox({ className, autoFocus, id }: { className?: string; autoFocus?: boolean; id: string }) {
  const { text, setText, submit } = useSearchBox();
  return (
    <form
      role="search"
      className={clsx('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search messages, posts, people and communities
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        data-search-box
        type="search"
        value={text}
        autoFocus={autoFocus}
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX}
        autoComplete="off"
        placeholder="Search"
        aria-keyshortcuts="Control+K Meta+K"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && firstResult()) {
            e.preventDefault();
            firstResult()?.focus();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            if (text) setText('');
            else e.currentTarget.blur();
          }
        }}
        className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 py-2 pr-10 pl-9 text-sm text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:ring-2 focus:ring-brand-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setText('')}
          className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-lg text-slate-400 hover:text-slate-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </form>
  );
}
