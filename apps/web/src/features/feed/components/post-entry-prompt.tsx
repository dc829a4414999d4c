import { ImagePlus } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { useAuth } from '../../../lib/auth';

/** The landing page's prompt: looks like a text box, opens the Create Post modal. */
export function PostEntryPrompt({ onOpen }: { onOpen: () => void }) {
  const { user } = useAuth();
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <Avatar src={user?.profile_picture} name={user?.full_name || user?.username || user?.email} size={40} />
      <button
        type="button"
        onClick={onOpen}
        className="flex-1 rounded-full border border-slate-700 bg-slate-950 px-4 py-2.5 text-left text-slate-400 hover:border-brand-400"
      >
        What's on your mind?
      </button>
      <button
        type="button"
        onClick={onOpen}
        aria-label="Add photos to a new post"
        className="rounded-lg p-2 text-slate-300 hover:bg-slate-800"
      >
        <ImagePlus className="size-6" />
      </button>
    </div>
  );
}
