import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { useDeferredValue, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { allUsers, useChatUsers } from '../api/get-chat-users';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from './conversation-list';
import { UserList } from './user-list';

const matches = (search: string, ...values: Array<string | null>) => {
  const needle = search.trim().toLowerCase();
  return !needle || values.some((v) => v?.toLowerCase().includes(needle));
};

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-400 data-[state=active]:bg-slate-800 data-[state=active]:text-slate-50';

/** A failed load is said as such, never shown as an empty list ('No users') the member would believe. */
function LoadError({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Alert className="m-2">
      Could not load {what}.{' '}
      <button type="button" className="underline" onClick={onRetry}>
        Retry
      </button>
    </Alert>
  );
}

/** One search box ('Search users...') filtering both the conversations and the people list, by name or username. */
export function ChatSidebar({ activePeerId, hideOnPhone = false }: { activePeerId: number | null; hideOnPhone?: boolean }) {
  const me = useAuth().user?.id ?? 0;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useChatUsers(deferred);
  const conversations = useConversations();
  const all = conversations.data?.conversations ?? [];
  const visible = all.filter((c) => matches(search, c.peer.name, c.peer.username));
  // Conversations first, as chat apps do; a member with none yet starts on the people they can write to.
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const tab = chosenTab ?? (conversations.isSuccess && all.length === 0 ? 'people' : 'chats');

  return (
    <aside className={clsx('min-h-0 flex-col gap-3 border-slate-800 md:border-r md:pr-3', hideOnPhone ? 'hidden md:flex' : 'flex')}>
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search users..."
        aria-label="Search users"
        className="w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-400 focus:outline-none"
      />
      <Tabs.Root value={tab} onValueChange={setChosenTab} className="flex min-h-0 flex-1 flex-col">
        <Tabs.List aria-label="Chat lists" className="mb-2 flex gap-1 rounded-lg bg-slate-900 p-1">
          <Tabs.Trigger value="chats" className={tabClass}>
            Chats
          </Tabs.Trigger>
          <Tabs.Trigger value="people" className={tabClass}>
            People
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="chats" className="min-h-0 flex-1 overflow-y-auto">
          {conversations.isPending ? (
            <Spinner />
          ) : conversations.isError ? (
            <LoadError what="your chats" onRetry={() => void conversations.refetch()} />
          ) : (
            <ConversationList conversations={all} visible={visible} me={me} activePeerId={activePeerId} />
          )}
        </Tabs.Content>
        <Tabs.Content value="people" className="min-h-0 flex-1 overflow-y-auto">
          {users.isPending ? (
            <Spinner />
          ) : users.isError && !users.data ? (
            <LoadError what="people" onRetry={() => void users.refetch()} />
          ) : (
            <UserList
              users={allUsers(users.data)}
              activePeerId={activePeerId}
              more={users.hasNextPage ? { load: () => void users.fetchNextPage(), loading: users.isFetchingNextPage } : null}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </aside>
  );
}
