import type { CallLine as Line } from '@tribeverse/shared';
import { Phone, PhoneMissed, Video } from 'lucide-react';
import { callText } from '../../lib/conversation/call-text';
import { formatTime } from '../../lib/datetime';

/** The line a call left in the chat, centred between the messages: what kind, how long or why not, and when. */
export function CallLineItem({ call, mine, at }: { call: Line; mine: boolean; at: string }) {
  const missed = call.outcome !== 'completed' && !mine;
  const Icon = missed ? PhoneMissed : call.media === 'video' ? Video : Phone;
  return (
    <li data-testid="call-line" className="my-1 flex justify-center px-4">
      <p className="flex items-center gap-2 rounded-full bg-slate-800 px-3 py-1 text-xs text-slate-200">
        <Icon className={missed ? 'size-4 text-red-300' : 'size-4'} aria-hidden />
        <span>{callText(call, mine)}</span>
        <time dateTime={at} className="text-slate-400">
          {formatTime(at)}
        </time>
      </p>
    </li>
  );
}
