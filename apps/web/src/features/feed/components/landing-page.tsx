import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useFeed } from '../api/get-feed';
import { CreatePostModal } from './create-post-modal';
import { PostEntryPrompt } from './post-entry-prompt';
import { PostList } from './post-list';
import { PostNowWidget } from './post-now-widget';
import { usePostAnchor } from './use-post-anchor';
import { TabStrip } from '../../../components/ui/tab-strip';

/** /home: the post prompt, then the feed (optionally filtered by ?tag= or ?author=), with the Post Now card beside it. */
export function LandingPage() {
  const [composerOpen, setComposerOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') || undefined;
  const author = params.get('author') || undefined;
  const following = !tag && !author && params.get('feed') === 'following';
  const feed = useFeed({ tag, author, ...(following && { following: true }) });
  const column = useRef<HTMLDivElement>(null);
  usePostAnchor(column, feed.data);
  const open = () => setComposerOpen(true);
  const list = (
    <PostList
      query={feed}
      // A list of one author's posts shows them even when muted: its menus could not say so.
      memberMenus={!author}
      emptyText={following ? 'No posts from people you follow yet. Follow members from their profile to see their posts here.' : undefined}
    />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div ref={column} className="flex min-w-0 flex-col gap-4">
        <h1 className="sr-only">Feed</h1>
        <PostEntryPrompt onOpen={open} />
        {!tag && !author && (
          <Tabs.Root
            value={following ? 'following' : 'everything'}
            onValueChange={(v) => setParams(v === 'following' ? { feed: 'following' } : {})}
          >
            <TabStrip
              label="Which posts"
              tabs={[
                { value: 'everything', label: 'Everything' },
                { value: 'following', label: 'Following' },
              ]}
            />
            {/* The list is the active tab's panel (what the tab controls, for assistive technology). */}
            {['everything', 'following'].map((value) => (
              <Tabs.Content key={value} value={value} className="pt-4 focus-visible:outline-none">
                {list}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        )}
        {(tag || author) && (
          <div className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 px-4 py-2 text-sm">
            <span>
              Showing posts {tag ? <strong>#{tag}</strong> : null}
              {author ? (
                <>
                  by <strong>@{author}</strong>
                </>
              ) : null}
            </span>
            <Link to={paths.landing.getHref()} className="ml-auto text-brand-400 hover:underline">
              Show all posts
            </Link>
          </div>
        )}
        {(tag || author) && list}
      </div>
      <aside className="hidden lg:block">
        <div className="sticky top-20">
          <PostNowWidget onOpenComposer={open} />
        </div>
      </aside>
      <CreatePostModal open={composerOpen} onOpenChange={setComposerOpen} />
    </div>
  );
}
