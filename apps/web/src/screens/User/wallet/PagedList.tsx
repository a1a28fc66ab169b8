import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { LoadMore } from '../../../components/LoadMore';
import { PageLoading } from '../../../components/PageLoading';

interface PageLike<T> {
  list: T[];
}

interface Props<T> {
  q: UseInfiniteQueryResult<InfiniteData<PageLike<T>>>;
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  empty: ReactNode;
  emptyIcon?: ReactNode;
  emptyDesc?: ReactNode;
  emptyAction?: { label: ReactNode; onClick: () => void };
  testId?: string;
  /** Pull to refresh (off when the list sits inside a screen that refreshes as a whole). */
  pull?: boolean;
  className?: string;
}

/** A record list of the wallet: first-load spinner, error with retry, empty art, pull to refresh, more as you scroll. */
export function PagedList<T>({ q, keyOf, render, empty, emptyIcon, emptyDesc, emptyAction, testId, pull = true, className = '' }: Props<T>) {
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  if (q.isPending) return <PageLoading />;
  if (q.isError && items.length === 0) return <LoadError onRetry={() => void q.refetch()} />;

  const body = (
    <>
      {items.length === 0 ? (
        <EmptyState title={empty} icon={emptyIcon} description={emptyDesc} action={emptyAction} />
      ) : (
        <ul className={`w-list ${className}`} data-testid={testId}>
          {items.map((item) => (
            <li key={keyOf(item)}>{render(item)}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && <LoadMore query={q} />}
    </>
  );
  if (!pull) return body;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await q.refetch();
      }}
    >
      {body}
    </PullToRefresh>
  );
}
