import clsx from 'clsx';
import { useState } from 'react';
import { initials } from '../../lib/format';

/** Below this size two letters would have to shrink past reading: the avatar shows the first initial alone. */
const TWO_LETTERS_FROM = 28;
/** Never smaller than this, whatever the avatar's size. */
const MIN_INITIALS_PX = 12;

const initialsFor = (name: string | null | undefined, size: number) => initials(name).slice(0, size < TWO_LETTERS_FROM ? 1 : 2);

/** The initials grow with the avatar: half its size for one letter, 0.45 for two, which still leaves a margin. */
const initialsFontSize = (letters: string, size: number) => Math.max(MIN_INITIALS_PX, Math.round(size * (letters.length > 1 ? 0.45 : 0.5)));

/** A picture, or uppercase initials from the name when there is none (or it fails to load). */
export function Avatar({
  src,
  name,
  size = 40,
  className,
  online,
}: {
  src?: string | null;
  name?: string | null;
  size?: number;
  className?: string;
  online?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const letters = initialsFor(name, size);
  const style = { width: size, height: size, fontSize: initialsFontSize(letters, size) };
  return (
    <span className={clsx('relative inline-flex shrink-0', className)} style={{ width: size, height: size }}>
      {src && !failed ? (
        <img src={src} alt={name ?? ''} className="rounded-full object-cover" style={style} onError={() => setFailed(true)} />
      ) : (
        <span
          role="img"
          aria-label={name ?? undefined}
          className="inline-flex items-center justify-center rounded-full bg-gradient-to-br from-brand-700 to-accent-700 leading-none font-semibold text-white"
          style={style}
        >
          {letters}
        </span>
      )}
      {online !== undefined && (
        <span
          role="img"
          aria-label={online ? 'online' : 'offline'}
          className={clsx(
            'absolute right-0 bottom-0 h-3 w-3 rounded-full border-2 border-slate-900',
            online ? 'bg-emerald-400' : 'bg-slate-500',
          )}
        />
      )}
    </span>
  );
}
