import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Previous / next page of a list, with where we are. */
export function Pager({ page, size, total, onPage }: { page: number; size: number; total: number | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <div className="adm-pager">
      <span>{t('admin.pager', { page, pages, total })}</span>
      <Button size="mini" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.prev')}
      </Button>
      <Button size="mini" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.next')}
      </Button>
    </div>
  );
}
