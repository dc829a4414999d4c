import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useConversations } from '../api/get-conversations';

/** /chat/{id}: {id} is the row index in the conversation-list view; it opens that conversation. */
export function ChatEntryPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const conversations = useConversations();
  const index = Number(id);
  const target = Number.isInteger(index) && index >= 0 ? conversations.data?.conversations[index] : undefined;

  useEffect(() => {
    if (target) navigate(paths.chat.private.conversation.getHref(target.peer.id), { replace: true });
  }, [target, navigate]);

  if (conversations.isPending || target) return <Spinner />;
  return (
    <section className="mx-auto max-w-md text-center">
      <p className="text-slate-400">Invalid search</p>
      <Link to={paths.chat.private.list.getHref()} className="mt-4 inline-block text-brand-400 underline">
        Open your chats
      </Link>
    </section>
  );
}
