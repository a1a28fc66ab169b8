import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What LoadMore needs of a TanStack infinite query. */
interface Pages {
  hasNextPage: boolean;
  fetchNextPage: (opts: { throwOnError: true }) => Promise<unknown>;
}

/**
 * The foot of every paged list: loads the next page when it scrolls into view, with the seed §9
 * texts — 加载中 while loading, 没有更多了 at the end, 加载更多 to tap after a failed page.
 */
export function LoadMore({ query }: { query: Pages }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll hasMore={query.hasNextPage} loadMore={async () => void (await query.fetchNextPage({ throwOnError: true }))} threshold={300}>
      {(more, failed, retry) => (
        <span className="load-more">
          {failed ? (
            <button type="button" className="load-more__btn" onClick={() => void retry()}>
              {t('common.loadMore')}
            </button>
          ) : more ? (
            t('common.loading')
          ) : (
            t('common.noMore')
          )}
        </span>
      )}
    </InfiniteScroll>
  );
}
