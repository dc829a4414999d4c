import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';

/** How long typing may pause before the results follow: every key would otherwise be a request. */
const FOLLOW_MS = 250;

/**
 * What a search box says, kept with the address: typing anywhere opens the search screen (one entry in the history),
 * further typing there replaces its address, and the box follows the address when it changes otherwise (a filter
 * chip, Back, leaving the screen).
 */
export function useSearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const onScreen = pathname === paths.search.path;
  const inAddress = onScreen ? (params.get('q') ?? '') : '';
  const type = onScreen ? (params.get('type') ?? undefined) : undefined;
  const [text, setText] = useState(inAddress);
  // The address this box wrote last: its own writes must not pull back what was typed after them.
  const written = useRef(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== written.current) setText(inAddress);
    written.current = inAddress;
  }

  const go = (q: string) => {
    written.current = q;
    void navigate(paths.search.getHref(q, type), { replace: onScreen });
  };

  useEffect(() => {
    if (text === inAddress || (!onScreen && !text.trim())) return;
    const timer = setTimeout(() => {
      written.current = text;
      void navigate(paths.search.getHref(text, type), { replace: onScreen });
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [text, inAddress, onScreen, type, navigate]);

  return { text, setText, submit: () => go(text) };
}
