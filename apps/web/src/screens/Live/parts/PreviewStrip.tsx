import { useTranslation } from 'react-i18next';
import { PreviewCard } from '../../../components/PreviewCard';
import { useFollowingPreviews } from '../../../state/queries/preview';

/** 预告: the followed anchors' next lives atop 关注, side by side (nothing while there are none). */
export function PreviewStrip() {
  const { t } = useTranslation();
  const q = useFollowingPreviews();
  const list = q.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="preview-strip" data-testid="preview-strip">
      <div className="preview-strip__title">{t('preview.strip')}</div>
      <div className="preview-strip__row">
        {list.map((p) => (
          <PreviewCard key={p.id} preview={p} withAnchor />
        ))}
      </div>
    </section>
  );
}
