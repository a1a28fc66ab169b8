import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorEntry, type OperatorRole } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { useSession } from '../../../state/session';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';
import { when } from '../parts/format';
import { UserCell } from '../parts/UserCell';

/** The owner's list of operators: who has which console role, and whose second factor to reset (both audited). */
export function Operators() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminOperators');
  const save = useAdminAction('adminOperatorSave');
  const reset = useAdminAction('adminOperator2faReset');
  const myId = useSession((s) => s.userInfo?.id);
  const { ask, dialog } = useFormDialog();
  const roleField = (initial: OperatorRole) => ({
    name: 'role',
    label: t('admin.operators.role'),
    kind: 'select' as const,
    initial,
    options: OPERATOR_ROLES.map((r) => ({ value: r, label: t(`admin.opRole.${r}`) })),
  });
  const done = () => showToast(t('admin.done'), 'success');

  const onAdd = () =>
    ask({
      title: t('admin.operators.add'),
      description: t('admin.operators.addDesc'),
      fields: [{ name: 'user_id', label: t('admin.operators.userId'), kind: 'number' }, roleField('support')],
      confirm: t('admin.operators.save'),
      onSubmit: async (v) => (await save.mutateAsync({ user_id: Number(v.user_id), role: v.role as OperatorRole }), done()),
    });
  const onChange = (o: OperatorEntry) =>
    ask({
      title: t('admin.operators.changeTitle', { name: o.user.nickname }),
      fields: [roleField(o.role)],
      confirm: t('admin.operators.save'),
      onSubmit: async (v) => (await save.mutateAsync({ user_id: o.user.id, role: v.role as OperatorRole }), done()),
    });
  const confirmThen = async (content: string, action: () => Promise<unknown>) => {
    if (await Dialog.confirm({ content })) await action().then(done, () => undefined);
  };

  return (
    <section className="adm-card">
      <div className="adm-toolbar">
        <span />
        <Button size="small" color="primary" onClick={onAdd}>
          {t('admin.operators.add')}
        </Button>
      </div>
      <DataTable<OperatorEntry>
        testId="operators"
        q={q}
        rowKey={(o) => o.user.id}
        empty={t('admin.operators.empty')}
        columns={[
          {
            key: 'user',
            title: t('admin.col.user'),
            render: (o) => <UserCell user={o.user} sub={o.user.id === myId ? t('admin.operators.you') : undefined} />,
          },
          { key: 'role', title: t('admin.operators.role'), render: (o) => <span className="adm-tag adm-tag--violet">{t(`admin.opRole.${o.role}`)}</span> },
          {
            key: '2fa',
            title: t('admin.operators.secondFactor'),
            render: (o) => (
              <div>
                <span className={`adm-tag ${o.second_factor ? 'adm-tag--approved' : 'adm-tag--pending'}`}>
                  {o.second_factor ? t('admin.operators.on') : t('admin.operators.off')}
                </span>
                {o.second_factor && <div className="adm-muted">{t('admin.operators.codesLeft', { count: o.recovery_codes_left })}</div>}
              </div>
            ),
          },
          { key: 'at', title: t('admin.operators.updated'), render: (o) => <span className="adm-nowrap">{when(o.updated_at)}</span> },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (o) =>
              o.user.id === myId ? null : (
                <div className="adm-actions">
                  <Button size="mini" onClick={() => onChange(o)}>
                    {t('admin.operators.change')}
                  </Button>
                  {o.second_factor && (
                    <Button
                      size="mini"
                      color="warning"
                      fill="outline"
                      onClick={() =>
                        void confirmThen(t('admin.operators.resetConfirm', { name: o.user.nickname }), () => reset.mutateAsync({ user_id: o.user.id }))
                      }
                    >
                      {t('admin.operators.reset')}
                    </Button>
                  )}
                  <Button
                    size="mini"
                    color="danger"
                    fill="outline"
                    onClick={() =>
                      void confirmThen(t('admin.operators.removeConfirm', { name: o.user.nickname }), () =>
                        save.mutateAsync({ user_id: o.user.id, role: null }),
                      )
                    }
                  >
                    {t('admin.operators.remove')}
                  </Button>
                </div>
              ),
          },
        ]}
      />
      {dialog}
    </section>
  );
}
