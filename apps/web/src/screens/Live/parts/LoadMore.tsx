import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface Props {
  hasMore: boolean;
  loadMore: () => Promise<void>;
}

/** Infinite scroll with the seed §9 texts: 加载更多 (tap), 加载中, 没有更多了. */
export function LoadMore({ hasMore, loadMore }: Props) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll hasMore={hasMore} loadMore={loadMore} threshold={300}>
      {(more, failed, retry) => (
        <span className="live-more">
          {failed ? (
            <button type="button" className="live-more__btn" onClick={() => void retry()}>
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
