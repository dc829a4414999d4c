import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { SideSheet } from '../../../components/ui/side-sheet';
import type { Channel, Community } from '../api/types';
import { ChannelIcon, ChannelList } from './channel-list';

/**
 * The open channel's name and topic above its messages. Below 1280 px (xl), where the communities, the channel column
 * and the messages do not fit side by side, the name is a button that opens the channel list in a drawer, with what
 * is unread in the other channels.
 */
export function ChannelBar({ community, channel, channels }: { community: Community; channel: Channel; channels: Channel[] }) {
  const [open, setOpen] = useState(false);
  // Muted channels ask for nothing: they do not count here.
  const elsewhere = channels.filter((c) => c.id !== channel.id && !c.muted).reduce((n, c) => n + c.unread, 0);
  return (
    <div className="flex min-h-11 items-center gap-2 border-b border-slate-800 pb-2">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Channels: ${channel.name}${elsewhere ? `, ${elsewhere} unread elsewhere` : ''}`}
        className="inline-flex min-h-11 max-w-[60%] shrink-0 items-center gap-1 rounded-lg px-2 font-semibold text-slate-100 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 xl:hidden"
      >
        <ChannelIcon kind={channel.kind} className="size-4 shrink-0 text-slate-400" />
        <span className="truncate">{channel.name}</span>
        <ChevronDown className="size-4 shrink-0 text-slate-400" aria-hidden />
        {elsewhere > 0 && <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{elsewhere > 99 ? '99+' : elsewhere}</span>}
      </button>
      <h3 className="hidden max-w-[60%] shrink-0 items-center gap-1 px-1 font-semibold xl:flex">
        <ChannelIcon kind={channel.kind} className="size-4 shrink-0 text-slate-400" />
        <span className="truncate">{channel.name}</span>
      </h3>
      {channel.topic && (
        <p className="min-w-0 truncate border-l border-slate-700 pl-2 text-xs text-slate-300" title={channel.topic}>
          {channel.topic}
        </p>
      )}
      <SideSheet open={open} onOpenChange={setOpen} title="Channels">
        <ChannelList
          community={community}
          channels={channels}
          currentId={channel.id}
          onPicked={() => setOpen(false)}
          showHeading={false}
          className="flex"
        />
      </SideSheet>
    </div>
  );
}
