import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * '#post-12' in the address (a notification's link) brings that post of the list into view and marks it,
 * once it is among the loaded posts. Done once per address, so live updates do not pull the page back.
 */
export function usePostAnchor(container: RefObject<HTMLElement | null>, loaded: unknown) {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    const id = /^#post-(\d+)$/.exec(hash)?.[1];
    if (!id || done.current === key) return;
    const article = container.current?.querySelector<HTMLElement>(`article[data-post-id="${id}"]`);
    if (!article) return;
    done.current = key;
    article.scrollIntoView({ block: 'center' });
    article.setAttribute('data-highlight', '');
    // Not cleared with the effect: a live update re-running it must not leave the mark on for good.
    window.setTimeout(() => article.removeAttribute('data-highlight'), 2500);
  }, [hash, key, container, loaded]);
}
