import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ReplayCard } from '@app/contract';
import { formatClock } from '@app/kit';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { UserCell } from '../parts/UserCell';

const SIZE = 10;

/** Replays of ended lives, hidden ones included: an operator hides one (it leaves every list) or shows it again. */
export function Replays() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminReplays', { page, size: SIZE }, { refetchMs: 10_000 });
  const hide = useAdminAction('adminReplayHide');
  return (
    <section className="adm-card">
      <h2>{t('admin.replays.title')}</h2>
      <DataTable<ReplayCard>
        testId="admin-replays"
        q={q}
        rowKey={(r) => r.id}
        empty={t('admin.replays.empty')}
        columns={[
          { key: 'title', title: t('admin.rooms.room'), render: (r) => <div className="adm-user__name">{r.title}</div> },
          { key: 'anchor', title: t('admin.rooms.anchor'), render: (r) => <UserCell user={r.anchor} /> },
          { key: 'len', title: t('admin.replays.length'), align: 'right', render: (r) => formatClock(r.duration) },
          {
            key: 'state',
            title: t('admin.replays.state'),
            render: (r) => (
              <span className={`adm-tag ${r.hidden ? '' : 'adm-tag--approved'}`}>
                {r.hidden ? t('replay.hidden') : r.private || r.locked ? t('replay.private') : t('replay.public')}
              </span>
            ),
          },
          { key: 'at', title: t('admin.replays.at'), render: (r) => <span className="adm-nowrap">{when(r.started_at)}</span> },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (r) => (
              <Button size="mini" onClick={() => void hide.mutateAsync({ id: r.id, hidden: !r.hidden })}>
                {r.hidden ? t('admin.replays.show') : t('admin.replays.hide')}
              </Button>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </section>
  );
}
