import { WifiOff } from 'lucide-react';
import { useConnection } from '../../lib/connection';
import { useSocket } from '../../lib/socket-provider';

const TEXT = {
  offline: "You're offline. Messages you send will go out when you're back.",
  reconnecting: 'Reconnecting… Messages you send will go out when the connection is back.',
} as const;

/** Member pages: just below the sticky header (61 px tall, see index.css), and sticky there on a long page. */
const BELOW_HEADER = 'sticky top-[61px] z-20';

/**
 * The one place the app says it has no connection (lib/connection.ts): the browser is offline, or the tab's socket
 * has lost the server. Never over the header: below it, and under it (z-20 to its z-30) should the header ever be
 * taller. The status region is always in the page, empty while connected, so that screen readers announce the
 * message when it appears. Slate on slate: 16:1 in the dark theme and 17:1 in the light one.
 */
export function ConnectionBanner({ className = BELOW_HEADER }: { className?: string }) {
  const connection = useConnection(useSocket());
  return (
    <div role="status" className={className}>
      {connection !== 'online' && (
        <p className="flex items-center justify-center gap-2 border-b border-slate-700 bg-slate-900 px-4 py-2 text-center text-sm text-slate-100">
          <WifiOff className="size-4 shrink-0 text-amber-300" aria-hidden />
          {TEXT[connection]}
        </p>
      )}
    </div>
  );
}
