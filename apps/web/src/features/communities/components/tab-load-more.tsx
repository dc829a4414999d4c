import { Button } from '../../../components/ui/button';

/**
 * The button under a community tab's list that loads its next page: not on the overview, which shows the first few
 * (`limit`), nor once the last page is in.
 */
export function TabLoadMore({ pages, limit }: { pages: { hasNextPage: boolean; fetchNextPage(): unknown }; limit: number | undefined }) {
  if (limit || !pages.hasNextPage) return null;
  return (
    <Button variant="secondary" className="min-h-11 self-center" onClick={() => void pages.fetchNextPage()}>
      Load more
    </Button>
  );
}
