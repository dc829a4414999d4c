import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { TabStrip } from '../../../components/ui/tab-strip';
import { SEARCH_TYPES, type SearchType } from '@tribeverse/shared';
import { useSearch } from '../api/search';
import { MessageFilters } from './message-filters';
import { filterValue, withFilter } from './query-words';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';

const TAB_LABELS: Record<SearchType, string> = { messages: 'Messages', posts: 'Posts', people: 'People', communities: 'Communities' };
const isType = (value: string | null): value is SearchType => SEARCH_TYPES.includes(value as SearchType);

/**
 * /search?q=&type=: the results of what the box says, one kind at a time, as the server ranks them. Below the widest
 * screens the header has a button (or, on a phone, the menu an entry) rather than a box, and the box is here.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = isType(params.get('type')) ? (params.get('type') as SearchType) : 'messages';
  const change = (key: 'q' | 'type', value: string) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  // The messages' results are all of the conversation an `in:` word names: the first says what it is called.
  const messages = useSearch(type === 'messages' ? q : '', 'messages');
  const first = messages.data?.pages[0]?.results[0];
  const placeName = first?.type === 'message' ? first.item.conversation.name : undefined;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Search</h1>
      <SearchBox id="page-search" className="2xl:hidden" autoFocus={!q} />
      <Tabs.Root value={type} onValueChange={(value) => change('type', value)} className="flex flex-col gap-4">
        <TabStrip
          label="What to search"
          tabs={SEARCH_TYPES.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
          className="overflow-x-auto max-sm:[&>button]:px-2.5"
        />
        {SEARCH_TYPES.map((t) => (
          <Tabs.Content key={t} value={t} className="flex flex-col gap-4 focus-visible:outline-none">
            {t === 'messages' && <MessageFilters q={q} onChange={(next) => change('q', next)} placeName={placeName} />}
            {t === type && (
              <SearchResults
                q={q}
                type={t}
                label={TAB_LABELS[t]}
                onPlace={t === 'messages' && !filterValue(q, 'in') ? (word) => change('q', withFilter(q, 'in', word)) : undefined}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
