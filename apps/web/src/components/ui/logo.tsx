import { useId } from 'react';

/**
 * The Tribeverse mark, drawn inline. As `<img src="/logo.svg">` the browser builds a document of its own for the
 * picture, which on a cold first load held the main thread for 12–42 ms (traced); inline it is a few nodes of the
 * page. The same drawing as public/logo.svg (the tab's icon) and the loading shell in index.html.
 */
export function Logo({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill={`url(#${gradient})`} />
      <path d="M18 22h28v6H35v20h-6V28H18z" fill="#fff" />
    </svg>
  );
}
