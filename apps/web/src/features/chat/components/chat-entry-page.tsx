import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useChatList } from '../api/chat-list';

/** /chat/{id}: {id} is the row index in the conversation-list view (direct chats and groups); it opens that conversation. */
export function ChatEntryPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const list = useChatList();
  const index = Number(id);
  const target = Number.isInteger(index) && index >= 0 && !list.isPending ? list.entries[index] : undefined;

  useEffect(() => {
    if (!target) return;
    const href =
      target.kind === 'direct'
        ? paths.chat.private.conversation.getHref(target.conversation.peer.id)
        : paths.chat.private.group.getHref(target.group.id);
    navigate(href, { replace: true });
  }, [target, navigate]);

  if (list.isPending || target) return <Spinner />;
  return (
    <section className="mx-auto max-w-md text-center">
      <p className="text-slate-400">This chat does not exist.</p>
      <Link to={paths.chat.private.list.getHref()} className="mt-4 inline-block text-brand-400 underline">
        Open your chats
      </Link>
    </section>
  );
}
