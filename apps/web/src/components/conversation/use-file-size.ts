import { useEffect, useState } from 'react';

/*
 * Messages do not store their file's size, so a file card asks the file's own link: a HEAD answers its
 * Content-Length and no body, after the same access check as a download. One request per file and page load,
 * shared by every card showing it (a message shown twice, a remount while scrolling); a failed one may be tried
 * again by the next card that shows the file.
 */
const sizes = new Map<string, Promise<number | null>>();

function askSize(url: string): Promise<number | null> {
  let pending = sizes.get(url);
  if (!pending) {
    pending = fetch(url, { method: 'HEAD', credentials: 'same-origin' }).then(
      (res) => {
        const length = res.headers.get('content-length');
        return res.ok && length !== null && /^\d+$/.test(length) ? Number(length) : null;
      },
      () => null,
    );
    sizes.set(url, pending);
    void pending.then((size) => size === null && sizes.delete(url));
  }
  return pending;
}

/** The size of the file at `url` in bytes, once known; null until then or when it cannot be learnt. */
export function useFileSize(url: string, enabled: boolean): number | null {
  const [answer, setAnswer] = useState<{ url: string; size: number | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void askSize(url).then((size) => live && setAnswer({ url, size }));
    return () => {
      live = false;
    };
  }, [url, enabled]);
  return answer?.url === url ? answer.size : null;
}

/** Tests start from a page that has asked nothing yet. */
export function resetFileSizesForTests() {
  sizes.clear();
}
