import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useNotices, useReadNotices } from '../../../state/queries/message';
import { NoticeRow } from '../NoticeRow';
import { LoadMore } from '../../../components/LoadMore';

/** The system notices (message/fetch) behind the pinned entry of the chats list. */
export function NoticesPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useNotices();
  const read = useReadNotices();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = q.data?.pages[0]?.unread ?? 0;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="notices-popup">
      <div className="notices-popup__head">
        <span className="notices-popup__title">{t('chats.system')}</span>
        {unread > 0 && (
          <Button size="mini" fill="none" className="chats-readall" loading={read.isPending} onClick={() => read.mutate({ all: true })}>
            {t('chats.readAll')}
          </Button>
        )}
        <button type="button" className="notices-popup__close" aria-label={t('common.back')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="notices-popup__body">
        {items.length === 0 ? (
          <EmptyState title={t('empty.chats')} />
        ) : (
          <ul className="chats-list" data-testid="notice-messages">
            {items.map((n) => (
              <NoticeRow key={n.id} notice={n} onOpen={() => !n.is_read && read.mutate({ ids: [n.id] })} />
            ))}
          </ul>
        )}
        {items.length > 0 && <LoadMore query={q} />}
      </div>
    </Popup>
  );
}
