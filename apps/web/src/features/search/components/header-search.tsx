import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { SearchBox, shownSearchBox } from './search-box';

/**
 * The header's search: a box on wide screens, a button opening the search screen on narrow ones (whose own box takes
 * the focus). Ctrl+K (⌘K on a Mac) goes to whichever box is on screen, from anywhere in the app.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'k' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      const box = shownSearchBox();
      if (box) {
        box.focus();
        box.select();
      } else void navigate(paths.search.getHref());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <>
      <SearchBox id="header-search" className="hidden w-56 lg:block xl:w-72" />
      {pathname !== paths.search.path && (
        <Link
          to={paths.search.getHref()}
          aria-label="Search"
          aria-keyshortcuts="Control+K Meta+K"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 lg:hidden"
        >
          <Search className="size-5" aria-hidden />
        </Link>
      )}
    </>
  );
}
