import clsx from 'clsx';
import { useState } from 'react';
import { ArrowDown, ArrowUp, Bell, BellOff, Ellipsis, Hash, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteChannel, useMoveChannel } from '../api/manage-channels';
import { useMuteChannel } from '../api/mute-channel';
import type { Channel, Community } from '../api/types';
import { communityOutbox } from '../stores/outbox';
import { ChannelFormDialog } from './channel-form-dialog';
import { canManageChannels } from './channel-rights';

/** What a screen reader says of an entry: its name, kind, unread count and mute. */
export const channelLabel = (c: Channel) =>
  [c.name, c.kind === 'announcements' && 'announcements', c.unread > 0 && `${c.unread} unread`, c.muted && 'muted']
    .filter(Boolean)
    .join(', ');

export const ChannelIcon = ({ kind, className }: { kind: Channel['kind']; className?: string }) =>
  kind === 'announcements' ? <Megaphone className={className} aria-hidden /> : <Hash className={className} aria-hidden />;

interface EntryActions {
  onEdit(): void;
  onMove(place: number): void;
  onMute(muted: boolean): void;
  onDelete(): void;
}

function ChannelEntry({
  community,
  channel: c,
  index,
  count,
  current,
  admin,
  onPicked,
  actions,
}: {
  community: Community;
  channel: Channel;
  index: number;
  count: number;
  current: boolean;
  admin: boolean;
  onPicked?: () => void;
  actions: EntryActions;
}) {
  return (
    <li className={clsx('flex items-center rounded-lg', current ? 'bg-slate-800' : 'hover:bg-slate-900')}>
      <Link
        to={paths.community.channel.getHref(community.id, c.id)}
        onClick={onPicked}
        aria-current={current ? 'page' : undefined}
        aria-label={channelLabel(c)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        <ChannelIcon kind={c.kind} className="size-4 shrink-0 text-slate-400" />
        <span
          className={clsx(
            'min-w-0 flex-1 truncate text-sm',
            c.muted ? 'text-slate-400' : c.unread > 0 || current ? 'font-semibold text-slate-50' : 'text-slate-300',
          )}
        >
          {c.name}
        </span>
        {c.muted && <BellOff className="size-3.5 shrink-0 text-slate-400" aria-hidden />}
        {c.unread > 0 && (
          <span
            className={clsx(
              'rounded-full px-1.5 text-xs font-semibold',
              // A muted channel's count stays, quietly: it asks for nothing.
              c.muted ? 'bg-slate-700 text-slate-100' : 'bg-brand-600 text-white',
            )}
          >
            {c.unread > 99 ? '99+' : c.unread}
          </span>
        )}
      </Link>
      <Menu>
        <MenuTrigger asChild>
          <button
            type="button"
            aria-label={`${c.name}: channel options`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-700 hover:text-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <Ellipsis className="size-4" />
          </button>
        </MenuTrigger>
        <MenuContent align="end">
          {admin && (
            <MenuItem icon={<Pencil className="size-4" aria-hidden />} onSelect={actions.onEdit}>
              Edit channel
            </MenuItem>
          )}
          {/* The first channel stays first: nothing moves above it, and it never moves. */}
          {admin && index > 1 && (
            <MenuItem icon={<ArrowUp className="size-4" aria-hidden />} onSelect={() => actions.onMove(index - 1)}>
              Move up
            </MenuItem>
          )}
          {admin && index > 0 && index < count - 1 && (
            <MenuItem icon={<ArrowDown className="size-4" aria-hidden />} onSelect={() => actions.onMove(index + 1)}>
              Move down
            </MenuItem>
          )}
          <MenuItem
            icon={c.muted ? <Bell className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
            onSelect={() => actions.onMute(!c.muted)}
          >
            {c.muted ? 'Unmute channel' : 'Mute channel'}
          </MenuItem>
          {admin && index > 0 && (
            <MenuItem danger icon={<Trash2 className="size-4" aria-hidden />} onSelect={actions.onDelete}>
              Delete channel
            </MenuItem>
          )}
        </MenuContent>
      </Menu>
    </li>
  );
}

/**
 * A community's channels: '# name' (a megaphone for announcements) with unread badges, muted ones greyed, the open one
 * marked. Each has an options menu: Mute for everyone; Edit, Move up/down and Delete for admins, who also add channels.
 */
export function ChannelList({
  community,
  channels,
  currentId,
  onPicked,
  showHeading = true,
  className,
}: {
  community: Community;
  channels: Channel[];
  currentId: number | null;
  /** A channel was picked or made (the phone's drawer closes). */
  onPicked?: () => void;
  showHeading?: boolean;
  className?: string;
}) {
  const admin = canManageChannels(community);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const move = useMoveChannel(community.id);
  const mute = useMuteChannel(community.id);
  const remove = useDeleteChannel(community.id);
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  return (
    <nav aria-label="Channels" className={clsx('min-h-0 flex-col gap-1', className)}>
      <div className="flex items-center justify-between gap-2">
        {showHeading ? <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">Channels</h2> : <span />}
        {admin && (
          <button
            type="button"
            onClick={() => setEditing('new')}
            aria-label="Add a channel"
            title="Add a channel"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <Plus className="size-5" />
          </button>
        )}
      </div>
      <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
        {channels.map((c, index) => (
          <ChannelEntry
            key={c.id}
            community={community}
            channel={c}
            index={index}
            count={channels.length}
            current={c.id === currentId}
            admin={admin}
            onPicked={onPicked}
            actions={{
              onEdit: () => setEditing(c),
              onMove: (place) => move.mutate({ channelId: c.id, place }, { onError: fail('Could not move the channel') }),
              onMute: (muted) => mute.mutate({ channelId: c.id, muted }, { onError: fail('Could not change the mute') }),
              onDelete: () => setDeleting(c),
            }}
          />
        ))}
      </ul>
      {editing && (
        <ChannelFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          communityId={community.id}
          channel={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onCreated={(made) => {
            onPicked?.();
            void navigate(paths.community.channel.getHref(community.id, made.id));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete #${deleting?.name ?? ''}`}
        confirmLabel="Delete channel"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          communityOutbox.dropChannel(community.id, deleting.id);
          // Its address is gone: the community's opens the first channel.
          if (deleting.id === currentId) void navigate(paths.community.current.getHref(community.id), { replace: true });
        }}
      >
        Delete #{deleting?.name}? Its messages are deleted for everyone, and this cannot be undone.
      </ConfirmDialog>
    </nav>
  );
}
