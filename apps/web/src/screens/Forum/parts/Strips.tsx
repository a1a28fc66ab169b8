import type { ForumActivity, PostTag } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { formatCount } from '../../../locale/count';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { GuardedImage } from '../../../components/GuardedImage';

function SectionHead({ title, more, to, testId }: { title: string; more: string; to: string; testId: string }) {
  const navigate = useNavigate();
  return (
    <div className="fsec__head">
      <h3 className="fsec__title">{title}</h3>
      <button type="button" className="fsec__more" data-testid={testId} onClick={() => navigate(to)}>
        {more}
        <RightOutline />
      </button>
    </div>
  );
}

/** Hot topics as a horizontal strip, with 更多话题 → tag list. */
export function TopicStrip({ tags }: { tags: PostTag[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (tags.length === 0) return null;
  return (
    <section className="fsec">
      <SectionHead title={t('forum.hotTopics')} more={t('forum.moreTopics')} to={PATHS.tagList} testId="more-topics" />
      <div className="fstrip">
        {tags.map((tag) => (
          <button key={tag.id} type="button" className="ftopic-card" onClick={() => navigate(`${PATHS.tagDetails}?id=${tag.id}`)}>
            <GuardedImage src={tag.cover} className="ftopic-card__img" />
            <span className="ftopic-card__name"># {tag.name}</span>
            <span className="ftopic-card__count">{t('forum.postsCount', { n: formatCount(tag.post_count) })}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** Status badge and time span of an activity (China time). */
export function ActivityMeta({ a }: { a: ForumActivity }) {
  const { t } = useTranslation();
  return (
    <span className="fact-meta">
      <span className={`fact-status fact-status--${a.status}`}>{t(`forum.status.${a.status}`)}</span>
      <span>
        {formatDateCN(a.start_at).slice(5)} ~ {formatDateCN(a.end_at).slice(5)}
      </span>
    </span>
  );
}

/** Activities as a horizontal strip, with 更多 → activity list. */
export function ActivityStrip({ activities }: { activities: ForumActivity[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (activities.length === 0) return null;
  return (
    <section className="fsec">
      <SectionHead title={t('forum.activities')} more={t('forum.more')} to={PATHS.activeList} testId="more-activities" />
      <div className="fstrip">
        {activities.map((a) => (
          <button key={a.id} type="button" className="fact-card" onClick={() => navigate(`${PATHS.activeDetails}?id=${a.id}`)}>
            <GuardedImage src={a.cover} className="fact-card__img" />
            <span className="fact-card__title">{a.title}</span>
            <ActivityMeta a={a} />
          </button>
        ))}
      </div>
    </section>
  );
}
