import type { ModeratedItem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { GuardedImage } from '../../../components/GuardedImage';
import { UserCell } from '../parts/UserCell';

/** A post or comment as the console shows it: author, text, pictures, and its state. */
export function ItemCell({ item }: { item: ModeratedItem | null }) {
  const { t } = useTranslation();
  if (!item) return <span className="adm-muted">{t('admin.content.gone')}</span>;
  return (
    <div className="adm-item">
      <UserCell user={item.user} sub={item.post_id ? t('admin.content.onPost', { id: item.post_id }) : t('admin.content.postId', { id: item.id })} />
      <p className="adm-item__text">{item.content}</p>
      {item.images.length > 0 && (
        <div className="adm-thumbs">
          {item.images.slice(0, 4).map((src) => (
            <GuardedImage key={src} src={src} className="adm-thumb" />
          ))}
        </div>
      )}
      <div className="adm-flags">
        {item.clip_of && (
          <span className="adm-tag adm-tag--violet" data-testid="admin-clip-tag">
            {t('admin.content.clipOf', { name: item.clip_of.nickname })}
          </span>
        )}
        {item.hidden && <span className="adm-tag adm-tag--rejected">{t('admin.content.hidden')}</span>}
        {item.flagged && <span className="adm-tag adm-tag--pending">{t('admin.content.flagged')}</span>}
        {item.report_count > 0 && <span className="adm-tag adm-tag--violet">{t('admin.content.reportCount', { n: item.report_count })}</span>}
      </div>
    </div>
  );
}
