import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AnchorApplicationAdmin } from '@app/contract';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { showToast } from '../../../lib/toast';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { usePagedFilter } from '../parts/usePagedFilter';
import { reviewTabs, StatusTabs } from '../parts/StatusTabs';
import { UserCell } from '../parts/UserCell';

type Status = 'pending' | 'approved' | 'rejected';
const SIZE = 20;

/** Anchor applications: the details an operator reviews, approve, or reject with the reason the applicant sees. */
export function Anchors() {
  const { t } = useTranslation();
  const { filter: status, setFilter: setStatus, page, setPage } = usePagedFilter<Status>('pending');
  const q = useAdminQuery('adminAnchorApplications', { status, page, size: SIZE });
  const approve = useAdminAction('adminAnchorApprove');
  const reject = useAdminAction('adminAnchorReject');
  const { ask, dialog } = useFormDialog();

  const onReject = (a: AnchorApplicationAdmin) =>
    ask({
      title: a.status === 'approved' ? t('admin.anchors.revokeTitle', { name: a.user.nickname }) : t('admin.anchors.rejectTitle', { name: a.user.nickname }),
      fields: [{ name: 'reason', label: t('admin.reason'), kind: 'textarea', placeholder: t('admin.anchors.reasonHint') }],
      confirm: a.status === 'approved' ? t('admin.anchors.revoke') : t('admin.anchors.reject'),
      danger: true,
      onSubmit: async (v) => {
        await reject.mutateAsync({ user_id: a.user.id, reason: v.reason ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });

  return (
    <section className="adm-card">
      <StatusTabs value={status} onChange={setStatus} tabs={reviewTabs(t)} />
      <DataTable<AnchorApplicationAdmin>
        testId="anchor-apps"
        q={q}
        rowKey={(a) => a.id}
        empty={t('admin.anchors.empty')}
        columns={[
          { key: 'user', title: t('admin.col.user'), render: (a) => <UserCell user={a.user} /> },
          { key: 'name', title: t('admin.anchors.realName'), render: (a) => a.real_name },
          { key: 'card', title: t('admin.anchors.idCard'), render: (a) => <code>{a.id_card}</code> },
          { key: 'mobile', title: t('admin.anchors.mobile'), render: (a) => a.mobile },
          { key: 'intro', title: t('admin.anchors.intro'), width: '26%', render: (a) => <span className="adm-clamp">{a.introduction}</span> },
          { key: 'at', title: t('admin.anchors.submitted'), render: (a) => <span className="adm-nowrap">{when(a.submitted_at)}</span> },
          {
            key: 'state',
            title: t('admin.col.status'),
            render: (a) => (
              <div>
                <span className={`adm-tag adm-tag--${a.status}`}>{t(`admin.status.${a.status}`)}</span>
                {a.reason && <div className="adm-muted">{a.reason}</div>}
              </div>
            ),
          },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (a) => (
              <div className="adm-actions">
                {a.status !== 'approved' && (
                  <Button
                    size="mini"
                    color="primary"
                    loading={approve.isPending && approve.variables?.user_id === a.user.id}
                    onClick={() => approve.mutate({ user_id: a.user.id }, { onSuccess: () => showToast(t('admin.anchors.approved'), 'success') })}
                  >
                    {t('admin.anchors.approve')}
                  </Button>
                )}
                {a.status !== 'rejected' && (
                  <Button size="mini" color="danger" fill="outline" onClick={() => onReject(a)}>
                    {a.status === 'approved' ? t('admin.anchors.revoke') : t('admin.anchors.reject')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
      {dialog}
    </section>
  );
}
