import { useDeferredValue, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useMoreForwardTargets, type ForwardTargetOption } from '../../../lib/conversation/forwarding';
import type { TimelineMessage } from '../../../lib/conversation/message';
import { pinSnippet } from '../../../lib/conversation/pins';
import { errorMessage } from '../../../lib/format';
import { newClientId } from '../../../lib/ids';
import { toast } from '../../../lib/toast';
import { upsertMessage } from '../api/cache';
import { forwardMessage } from '../api/forward-message';
import { useConversations } from '../api/get-conversations';
import { upsertGroupMessage } from '../api/group-cache';
import { useGroups } from '../api/groups';
import { chatKeys } from '../api/keys';
import { DEFAULT_AVATAR, displayName } from './format';

type Target = ForwardTargetOption;

/**
 * 'Forward…': the member's direct chats and groups, and the places the app adds (their community channels),
 * searchable; picking one sends a copy of the message there at
 * once ('Forwarded from' its author), and a toast says so with a link to open it. A chat they blocked is not offered;
 * any other refusal (they cannot write there) is said in the dialog.
 */
export function ForwardDialog({ message, onClose }: { message: TimelineMessage | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useAuth().user?.id ?? 0;
  const conversations = useConversations();
  const groups = useGroups();
  const more = useMoreForwardTargets(message !== null);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One client id per message and target while the dialog is open: picking it again after a failure cannot send twice.
  const clientIds = useRef(new Map<string, string>());

  const targets: Target[] = [
    ...(conversations.data?.conversations ?? [])
      .filter((c) => !c.blocked)
      .map((c) => ({
        key: `direct:${c.peer.id}`,
        name: displayName(c.peer),
        also: c.peer.username ?? '',
        avatar: c.peer.avatar || DEFAULT_AVATAR,
        detail: 'Chat',
        to: { peer_id: c.peer.id },
        href: paths.chat.private.conversation.getHref(c.peer.id),
      })),
    ...(groups.data?.groups ?? []).map((g) => ({
      key: `group:${g.id}`,
      name: g.name,
      also: '',
      avatar: g.avatar,
      detail: `Group · ${g.member_count} members`,
      to: { group_id: g.id },
      href: paths.chat.private.group.getHref(g.id),
    })),
    ...more.targets,
  ];
  const shown = query ? targets.filter((t) => `${t.name} ${t.also}`.toLowerCase().includes(query)) : targets;
  const loading = (conversations.isPending || groups.isPending || more.pending) && !targets.length;
  const failed = conversations.isError && groups.isError && more.failed;

  const close = () => {
    setSearch('');
    setError(null);
    setSending(null);
    clientIds.current.clear();
    onClose();
  };

  const send = async (target: Target) => {
    if (!message || sending) return;
    const idKey = `${message.id}:${target.key}`;
    const clientId = clientIds.current.get(idKey) ?? newClientId();
    clientIds.current.set(idKey, clientId);
    setSending(target.key);
    setError(null);
    try {
      const copy = await forwardMessage({ message_id: message.id, to: target.to, client_id: clientId });
      // A channel's copy reaches its caches through the community's own event, as any message there.
      if ('receiver_id' in copy) upsertMessage(queryClient, me, copy);
      else if (copy.group_id !== undefined) upsertGroupMessage(queryClient, copy);
      if ('receiver_id' in copy || copy.group_id !== undefined)
        void queryClient.invalidateQueries({ queryKey: 'receiver_id' in copy ? chatKeys.conversations : chatKeys.groups });
      close();
      toast.success(
        <span>
          Forwarded to {target.name}.{' '}
          <a
            href={target.href}
            onClick={(e) => {
              e.preventDefault();
              navigate(target.href);
            }}
            className="font-semibold underline"
          >
            Open
          </a>
        </span>,
      );
    } catch (failure) {
      setError(errorMessage(failure, `Could not forward to ${target.name}.`));
      setSending(null);
    }
  };

  return (
    <Modal open={message !== null} onOpenChange={(open) => !open && close()} title="Forward to…">
      <div className="flex min-h-0 flex-col gap-3">
        {message && (
          <p className="truncate rounded-lg border-l-2 border-brand-400 bg-slate-800 px-3 py-2 text-sm text-slate-200">
            {pinSnippet(message)}
          </p>
        )}
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search chats, groups and channels..."
          aria-label="Search chats, groups and channels"
          className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-400 focus:outline-none"
        />
        {error && <Alert>{error}</Alert>}
        <div className="max-h-80 min-h-24 overflow-y-auto rounded-lg border border-slate-800">
          {loading ? (
            <div className="flex justify-center p-4">
              <Spinner />
            </div>
          ) : failed ? (
            <Alert className="m-2">
              Could not load your chats.{' '}
              <button
                type="button"
                className="min-h-11 underline"
                onClick={() => {
                  void conversations.refetch();
                  void groups.refetch();
                  more.retry();
                }}
              >
                Retry
              </button>
            </Alert>
          ) : !shown.length ? (
            <p className="p-4 text-center text-sm text-slate-400">{query ? 'Nothing found' : 'No chats, groups or channels yet'}</p>
          ) : (
            <ul aria-label="Chats, groups and channels" className="flex flex-col">
              {shown.map((target) => (
                <li key={target.key}>
                  <button
                    type="button"
                    onClick={() => void send(target)}
                    disabled={sending !== null}
                    aria-label={`Forward to ${target.name}`}
                    className="flex min-h-11 w-full items-center gap-3 px-3 py-1.5 text-left hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none focus-visible:ring-inset disabled:opacity-60"
                  >
                    <span aria-hidden>
                      <Avatar src={target.avatar} name={target.name} size={32} />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate">{target.name}</span>
                      <span className="block text-xs text-slate-400">{target.detail}</span>
                    </span>
                    {sending === target.key && <Spinner label="Forwarding" />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}
