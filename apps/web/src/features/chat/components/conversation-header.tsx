import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ArrowLeft, Settings } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { SettingsModal } from '../../settings/components/settings-modal';
import { usePeer } from '../api/get-peer';
import { chatKeys } from '../api/keys';
import { setBlocked } from '../api/message-actions';
import { useIsTyping } from '../stores/typing';
import { DEFAULT_AVATAR, displayName, lastSeenText } from './format';

/** Who the chat is with, their presence, and the block and settings buttons. */
export function ConversationHeader({ peerId }: { peerId: number }) {
  const queryClient = useQueryClient();
  const peer = usePeer(peerId);
  const typing = useIsTyping(peerId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = peer.data;
  const name = displayName(data?.peer);

  const toggleBlock = async () => {
    if (!data) return;
    if (!data.blocked && !window.confirm(`Block ${name}? You will not be able to message each other until you unblock them.`)) return;
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
    <header className="flex items-center gap-3 border-b border-slate-800 pb-2">
      {/* On a phone the conversation has the whole screen: this is the way back to the list. */}
      <Link to={paths.chat.private.list.getHref()} aria-label="Back to chats" className="-ml-2 rounded-lg p-2 text-slate-300 hover:bg-slate-800 md:hidden">
        <ArrowLeft className="size-5" />
      </Link>
      <Avatar src={data?.peer.avatar || DEFAULT_AVATAR} name={name} size={40} online={data?.peer.online ?? false} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{name}</h2>
        <p data-testid="peer-status" className="truncate text-xs text-slate-400">
          {status}
        </p>
      </div>
      <Button variant="ghost" onClick={toggleBlock} disabled={!data || busy}>
        {data?.blocked ? 'Unblock' : 'Block'}
      </Button>
      <Button variant="ghost" onClick={() => setSettingsOpen(true)} aria-label="Settings" className="px-2">
        <Settings className="size-5" />
      </Button>
      <SettingsModal open={settingsOpen} onOpenChange={setSettingsOpen} />
    </header>
  );
}
