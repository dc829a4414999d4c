import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { Ban, EllipsisVertical, Phone, Settings, Video } from 'lucide-react';
import { requestCall } from '../../../lib/call-request';
import { appConfirm } from '../../../components/ui/app-dialog';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { Avatar } from '../../../components/ui/avatar';
import { errorMessage } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { usePeer } from '../api/get-peer';
import { chatKeys } from '../api/keys';
import { setBlocked } from '../api/set-blocked';
import { useIsTyping } from '../stores/typing';
import { ChatHeaderBar } from './chat-header-bar';
import { DEFAULT_AVATAR, displayName, lastSeenText } from './format';

/** Who the chat is with, their presence, and a menu with block and settings. */
export function ConversationHeader({ peerId }: { peerId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const peer = usePeer(peerId);
  const typing = useIsTyping(peerId);
  const [busy, setBusy] = useState(false);
  const data = peer.data;
  const name = displayName(data?.peer);

  const toggleBlock = async () => {
    if (!data) return;
    if (
      !data.blocked &&
      !(await appConfirm({
        title: `Block ${name}?`,
        message: 'You will not be able to message each other until you unblock them.',
        confirmLabel: 'Block',
        danger: true,
      }))
    )
      return;
    setBusy(true);
    try {
      await setBlocked(peerId, !data.blocked);
      queryClient.setQueryData(chatKeys.peer(peerId), { ...data, blocked: !data.blocked });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      toast.success(data.blocked ? `${name} is unblocked.` : `${name} is blocked.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not change the block.'));
    } finally {
      setBusy(false);
    }
  };

  const status = typing ? 'typing…' : data?.peer.online ? 'online' : lastSeenText(data?.peer.last_seen ?? null);
  return (
    <ChatHeaderBar
      avatar={<Avatar src={data?.peer.avatar || DEFAULT_AVATAR} name={name} size={40} online={data?.peer.online ?? false} />}
      title={
        data?.peer.username ? (
          <Link to={paths.people.profile.getHref(data.peer.username)} className="hover:underline" title={`Open ${name}'s profile`}>
            {name}
          </Link>
        ) : (
          name
        )
      }
      status={status}
      statusTestId="peer-status"
    >
      {(['audio', 'video'] as const).map((media) => (
        <button
          key={media}
          type="button"
          aria-label={media === 'video' ? `Video call ${name}` : `Voice call ${name}`}
          disabled={!data?.can_message || data.blocked}
          onClick={() => data && requestCall({ peer: data.peer, media })}
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none disabled:opacity-50"
        >
          {media === 'video' ? <Video className="size-5" aria-hidden /> : <Phone className="size-5" aria-hidden />}
        </button>
      ))}
      {/* Block and settings wait in a menu, so on a phone the name and last seen keep the width. */}
      <Menu>
        <MenuTrigger
          aria-label="Chat options"
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
        >
          <EllipsisVertical className="size-5" aria-hidden />
        </MenuTrigger>
        <MenuContent align="end" aria-label="Chat options">
          <MenuItem
            danger={!data?.blocked}
            disabled={!data || busy}
            icon={<Ban className="size-4" aria-hidden />}
            onSelect={() => void toggleBlock()}
          >
            {data?.blocked ? 'Unblock' : 'Block'}
          </MenuItem>
          {/* '<page>/settings' opens the member shell's settings modal over this chat (see the router). */}
          <MenuItem
            icon={<Settings className="size-4" aria-hidden />}
            onSelect={() => navigate(`${paths.chat.private.conversation.getHref(peerId)}/${paths.settings.segment}`)}
          >
            Settings
          </MenuItem>
        </MenuContent>
      </Menu>
    </ChatHeaderBar>
  );
}
