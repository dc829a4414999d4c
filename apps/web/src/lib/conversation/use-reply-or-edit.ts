import { useCallback, useMemo, useState } from 'react';

/** The composer's mode in a conversation: replying to a message, editing one's own, or neither (one at a time). */
export function useReplyOrEdit<M>() {
  const [replyTo, setReplyTo] = useState<M | null>(null);
  const [editing, setEditing] = useState<M | null>(null);
  const reply = useCallback((m: M) => {
    setEditing(null);
    setReplyTo(m);
  }, []);
  const edit = useCallback((m: M) => {
    setReplyTo(null);
    setEditing(m);
  }, []);
  const clear = useCallback(() => {
    setReplyTo(null);
    setEditing(null);
  }, []);
  return useMemo(() => ({ replyTo, editing, reply, edit, clear }), [replyTo, editing, reply, edit, clear]);
}
