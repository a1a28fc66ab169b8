import { useTranslation } from 'react-i18next';
import { useAnchorPreviews } from '../state/queries/preview';
import { PreviewCard } from './PreviewCard';

/** An anchor's next lives on their card, soonest first (none: nothing shown). */
export function ProfilePreviews({ anchorId, onLeave }: { anchorId: number; onLeave: () => void }) {
  const { t } = useTranslation();
  const q = useAnchorPreviews(anchorId);
  const list = q.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="profile-previews" data-testid="profile-previews">
      <div className="profile-replays__title">{t('preview.strip')}</div>
      <div className="profile-previews__list">
        {list.map((p) => (
          <PreviewCard key={p.id} preview={p} onLeave={onLeave} />
        ))}
      </div>
    </section>
  );
}
