import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { SearchBox, shownSearchBox } from './search-box';

/**
 * The header's search: a box on the widest screens, and below them a button opening the search screen (whose own box
 * takes the focus). The header of a phone has no room left for it: the main menu has Search there. Ctrl+K (⌘K on a
 * Mac) goes to whichever box is on screen, from anywhere in the app.
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
      <SearchBox id="header-search" className="hidden w-72 2xl:block" />
      {pathname !== paths.search.path && (
        <Link
          to={paths.search.getHref()}
          aria-label="Search"
          aria-keyshortcuts="Control+K Meta+K"
          className="hidden size-11 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 sm:flex 2xl:hidden"
        >
          <Search className="size-5" aria-hidden />
        </Link>
      )}
    </>
  );
}
