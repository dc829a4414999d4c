import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { useDeferredValue, useState } from 'react';
import { UsersRound } from 'lucide-react';
import { useAuth } from '../../../lib/auth';
import { directKey, groupKey } from '../../../lib/conversation/open-conversation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useChatList, type ChatListEntry } from '../api/chat-list';
import { allUsers, useChatUsers } from '../api/get-chat-users';
import { ConversationList } from './conversation-list';
import { NewGroupDialog } from './new-group-dialog';
import { UserList } from './user-list';
import { SearchInput } from '../../../components/ui/search-input';

const matches = (search: string, ...values: Array<string | null>) => {
  const needle = search.trim().toLowerCase();
  return !needle || values.some((v) => v?.toLowerCase().includes(needle));
};
const entryMatches = (search: string, e: ChatListEntry) =>
  e.kind === 'direct' ? matches(search, e.conversation.peer.name, e.conversation.peer.username) : matches(search, e.group.name);

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-400 data-[state=active]:bg-slate-800 data-[state=active]:text-slate-50';

/** A failed load is said as such, never shown as an empty list ('No users') the member would believe. */
function LoadError({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <Alert className="m-2">
      Could not load {what}.{' '}
      <button type="button" className="min-h-11 underline" onClick={onRetry}>
        Retry
      </button>
    </Alert>
  );
}

/**
 * One search box ('Search users...') filtering both the conversations (direct chats and groups, by name or
 * username) and the people list, and 'New group'.
 */
export function ChatSidebar({
  activePeerId,
  activeGroupId = null,
  hideOnPhone = false,
}: {
  activePeerId: number | null;
  activeGroupId?: number | null;
  hideOnPhone?: boolean;
}) {
  const me = useAuth().user?.id ?? 0;
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useChatUsers(deferred);
  const list = useChatList();
  const all = list.entries;
  const visible = all.filter((e) => entryMatches(search, e));
  const [newGroupOpen, setNewGroupOpen] = useState(false);
  // Conversations first, as chat apps do; a member with none yet starts on the people they can write to.
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const tab = chosenTab ?? (list.isSuccess && !list.isPending && all.length === 0 ? 'people' : 'chats');
  const active = activeGroupId ? groupKey(activeGroupId) : activePeerId ? directKey(activePeerId) : null;

  return (
    <aside className={clsx('min-h-0 flex-col gap-3 border-slate-800 md:border-r md:pr-3', hideOnPhone ? 'hidden md:flex' : 'flex')}>
      <div className="flex gap-2">
        <SearchInput label="Search users" placeholder="Search users..." value={search} onChange={setSearch} className="min-w-0 flex-1" />
        {/* Beside the narrow list of a wide screen only its icon shows (the name stays for screen readers and as a tooltip). */}
        <Button
          variant="secondary"
          onClick={() => setNewGroupOpen(true)}
          aria-haspopup="dialog"
          title="New group"
          className="min-h-11 min-w-11 shrink-0 px-3 md:px-0"
        >
          <UsersRound className="size-4" aria-hidden />
          <span className="md:sr-only">New group</span>
        </Button>
      </div>
      <NewGroupDialog open={newGroupOpen} onOpenChange={setNewGroupOpen} />
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
          {list.isPending ? (
            <Spinner />
          ) : list.isError ? (
            <LoadError what="your chats" onRetry={() => void list.refetch()} />
          ) : (
            <>
              {list.groupsFailed && <LoadError what="your groups" onRetry={() => void list.refetchGroups()} />}
              <ConversationList entries={all} visible={visible} me={me} active={active} search={search} />
            </>
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
