import { Mic, Paperclip } from 'lucide-react';
import { isVoiceFile } from '../../lib/conversation/voice-playback';
import type { PendingBase } from '../../lib/outbox-store';

/** A message on its way: 'Sending…', or why it failed with Retry. */
export function PendingBubble({ pending, onRetry }: { pending: PendingBase & { file?: File }; onRetry(): void }) {
  return (
    <li data-testid="message" data-own data-pending={pending.status} className="flex flex-col items-end">
      <div className="max-w-[80%] rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
        {pending.file && (
          <span className="mb-1 flex items-center gap-1 text-xs">
            {isVoiceFile(pending.file) ? (
              <>
                <Mic className="size-3.5 shrink-0" aria-hidden /> Voice message
              </>
            ) : (
              <>
                <Paperclip className="size-3.5 shrink-0" /> {pending.file.name}
              </>
            )}
          </span>
        )}
        {pending.text}
        <span className="ml-2 text-[10px]">{pending.status === 'sending' ? 'Sending…' : '!'}</span>
      </div>
      {pending.status === 'failed' && (
        <p className="mt-0.5 text-xs text-red-300">
          {pending.error}{' '}
          <button type="button" onClick={onRetry} className="min-h-11 px-1 underline">
            Retry
          </button>
        </p>
      )}
    </li>
  );
}
