import { Dialog, PullToRefresh } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import type { ForumPost } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '../../../components/EmptyState';
import { PageLoading } from '../../../components/PageLoading';
import { useDeletePost, useFeed, type FeedFilter } from '../../../state/queries/forum';
import { PostCard } from './PostCard';
import { LoadMore } from '../../../components/LoadMore';

interface Props {
  filter: FeedFilter;
  /** Shown above the posts inside the pull-to-refresh area (banner, topics…). */
  header?: ReactNode;
  empty?: { title: ReactNode; description?: ReactNode; action?: { label: ReactNode; onClick: () => void } };
  /** Cards get a delete button (my posts). */
  deletable?: boolean;
  onRefresh?: () => Promise<unknown>;
}

/** A feed of posts: pull to refresh, more as you scroll, empty and error states. */
export function Feed({ filter, header, empty, deletable = false, onRefresh }: Props) {
  const { t } = useTranslation();
  const q = useFeed(filter);
  const del = useDeletePost();
  const posts = q.data?.pages.flatMap((p) => p.list) ?? [];
  const confirmDelete = async (post: ForumPost) => {
    if (await Dialog.confirm({ content: t('forum.deletePostConfirm'), confirmText: t('forum.delete'), cancelText: t('common.cancel') })) {
      await del.mutateAsync(post.id);
    }
  };

  let body: ReactNode;
  if (q.isPending) body = <PageLoading />;
  else if (q.isError && posts.length === 0) body = <LoadError onRetry={() => void q.refetch()} />;
  else if (posts.length === 0)
    body = <EmptyState icon={<TeamOutline />} title={empty?.title ?? t('empty.forum')} description={empty?.description} action={empty?.action} />;
  else
    body = (
      <>
        <div className="ffeed" data-testid="feed">
          {posts.map((p) => (
            <PostCard key={p.id} post={p} onDelete={deletable ? (x) => void confirmDelete(x) : undefined} />
          ))}
        </div>
        <LoadMore query={q} />
      </>
    );

  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([q.refetch(), onRefresh?.()]);
      }}
    >
      {header}
      {body}
    </PullToRefresh>
  );
}
