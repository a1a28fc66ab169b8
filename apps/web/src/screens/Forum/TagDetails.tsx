import { formatCount } from '../../locale/count';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { LoadError } from '../../components/EmptyState';
import { GuardedImage } from '../../components/GuardedImage';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useTag } from '../../state/queries/forum';
import { Feed } from './parts/Feed';
import './forum.css';

/** 话题详情 (/pages/forum/tagDetails?id=): the topic's header, a join button, and its posts (latest / hot). */
export default function TagDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const q = useTag(id);
  const [type, setType] = useState<'latest' | 'hot'>('hot');
  const tag = q.data;
  return (
    <PageFrame title={tag ? `# ${tag.name}` : t('page.tagDetails')} className="forum-page">
      {q.isPending ? (
        <PageLoading />
      ) : !tag ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <Feed
          key={type}
          filter={{ type, tag_id: id }}
          onRefresh={() => q.refetch()}
          empty={{ title: t('forum.topicEmpty'), action: { label: t('forum.joinTopic'), onClick: () => navigate(`${PATHS.forumPublish}?tag=${id}`) } }}
          header={
            <>
              <header className="fhero" data-testid="tag-hero">
                <GuardedImage src={tag.cover} className="fhero__bg" />
                <div className="fhero__shade" />
                <div className="fhero__body">
                  <GuardedImage src={tag.cover} className="fhero__icon" />
                  <div className="fhero__text">
                    <h2 className="fhero__title"># {tag.name}</h2>
                    <p className="fhero__desc">{tag.description}</p>
                    <span className="fhero__count">{t('forum.postsCount', { n: formatCount(tag.post_count) })}</span>
                  </div>
                </div>
                <button type="button" className="fhero__join" onClick={() => navigate(`${PATHS.forumPublish}?tag=${id}`)}>
                  {t('forum.joinTopic')}
                </button>
              </header>
              <div className="ftypes">
                {(['hot', 'latest'] as const).map((k) => (
                  <button key={k} type="button" className={`ftypes__item${k === type ? ' ftypes__item--on' : ''}`} onClick={() => setType(k)}>
                    {t(`forum.type.${k}`)}
                  </button>
                ))}
              </div>
            </>
          }
        />
      )}
    </PageFrame>
  );
}
