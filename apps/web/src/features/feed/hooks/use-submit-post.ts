import { useRef } from 'react';
import { EMPTY_POST_MSG, type Post } from '@tribeverse/shared';
import { errorMessage } from '../../../lib/format';
import { appAlert } from '../../../components/ui/app-dialog';
import { useCreatePost, type CreatePostInput } from '../api/create-post';

/**
 * The spec's composer rules, for every composer: the text is trimmed, an empty post gets the alert (the app's own) and is not
 * sent, a second submit while one is in flight is ignored, and a failure is alerted with the server's message.
 */
export function useSubmitPost() {
  const create = useCreatePost();
  // A ref, not state: a second click in the same frame must see the first one already in flight.
  const busy = useRef(false);
  /** Returns whether a post was sent. */
  const submit = (input: CreatePostInput, callbacks: { onPosted: (post: Post) => void; onSettled?: () => void }) => {
    if (busy.current) return false;
    const text = input.text.trim();
    if (!text && !input.files.length) {
      void appAlert(EMPTY_POST_MSG);
      return false;
    }
    busy.current = true;
    create.mutate(
      { ...input, text },
      {
        onSuccess: callbacks.onPosted,
        onError: (error) => void appAlert(errorMessage(error, 'Failed to create post')),
        onSettled: () => {
          busy.current = false;
          callbacks.onSettled?.();
        },
      },
    );
    return true;
  };
  return { submit, isPending: create.isPending };
}
