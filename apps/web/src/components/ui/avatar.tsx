import clsx from 'clsx';
import { useState } from 'react';
import { initials } from '../../lib/format';

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
  const style = { width: size, height: size, fontSize: Math.max(10, size / 2.6) };
  return (
    <span className={clsx('relative inline-flex shrink-0', className)} style={{ width: size, height: size }}>
      {src && !failed ? (
        <img src={src} alt={name ?? ''} className="rounded-full object-cover" style={style} onError={() => setFailed(true)} />
      ) : (
        <span
          role="img"
          aria-label={name ?? undefined}
          className="inline-flex items-center justify-center rounded-full bg-gradient-to-br from-brand-700 to-accent-700 font-semibold text-white"
          style={style}
        >
          {initials(name)}
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
