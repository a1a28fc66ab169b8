import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Report } from '@app/contract';
import { useAdminQuery } from '../../../state/queries/admin';
import { UserCell } from '../parts/UserCell';
import { DataTable } from '../parts/DataTable';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { usePagedFilter } from '../parts/usePagedFilter';
import { ItemCell } from './ItemCell';
import { quiet, useModeration } from './moderation';

type Status = 'open' | 'resolved' | 'dismissed';
const SIZE = 20;

/** Members' reports: hide or delete what they reported, or dismiss the report. */
export function Reports() {
  const { t } = useTranslation();
  const { filter: status, setFilter: setStatus, page, setPage } = usePagedFilter<Status>('open');
  const q = useAdminQuery('adminReports', { status, page, size: SIZE });
  const m = useModeration();
  return (
    <div className="adm-stack">
      <div className="adm-toolbar">
        <Selector
          columns={3}
          value={[status]}
          onChange={(v) => v[0] && setStatus(v[0] as Status)}
          options={(['open', 'resolved', 'dismissed'] as const).map((s) => ({ value: s, label: t(`admin.content.report_${s}`) }))}
        />
      </div>
      <DataTable<Report>
        testId="reports"
        q={q}
        rowKey={(r) => r.id}
        empty={t('admin.content.noReports')}
        columns={[
          {
            key: 'item',
            title: t('admin.content.item'),
            width: '44%',
            render: (r) => (r.target_type === 'user' ? <UserCell user={r.target_user} /> : <ItemCell item={r.item} />),
          },
          { key: 'type', title: t('admin.content.type'), render: (r) => t(`admin.content.type_${r.target_type}`) },
          { key: 'by', title: t('admin.content.reporter'), render: (r) => <UserCell user={r.reporter} /> },
          {
            key: 'why',
            title: t('admin.reason'),
            render: (r) => (
              <div>
                {r.reason}
                <div className="adm-muted">{when(r.created_at)}</div>
              </div>
            ),
          },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (r) => {
              if (r.status !== 'open') return <span className="adm-muted">{t(`admin.content.report_${r.status}`)}</span>;
              const dismiss = (
                <Button size="mini" onClick={() => quiet(m.dismiss(r.target_type, r.target_id))}>
                  {t('admin.content.dismiss')}
                </Button>
              );
              // A reported person is looked at in the users section; here the report is dismissed once handled.
              const type = r.target_type;
              if (type === 'user') return <div className="adm-actions">{dismiss}</div>;
              if (!r.item) return <span className="adm-muted">{t('admin.content.report_open')}</span>;
              return (
                <div className="adm-actions">
                  <Button size="mini" color="warning" onClick={() => quiet(m.setHidden(type, r.target_id, true))}>
                    {t('admin.content.hide')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => quiet(m.remove(type, r.target_id))}>
                    {t('admin.content.delete')}
                  </Button>
                  {dismiss}
                </div>
              );
            },
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </div>
  );
}
