import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminName } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';

/** Names the server owns, per language: categories, gifts, recharge packages and their badges (readers of English see `en`). */
export function Names() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminNames');
  const save = useAdminAction('adminNameSave');
  const { ask, dialog } = useFormDialog();
  const edit = (n: AdminName) =>
    ask({
      title: t('admin.names.edit', { name: n.name }),
      description: t('admin.names.note'),
      fields: [{ name: 'en', label: t('admin.names.en'), initial: n.en }],
      confirm: t('common.save'),
      onSubmit: async (v) => {
        await save.mutateAsync({ kind: n.kind, id: n.id, en: v.en ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });
  return (
    <section className="adm-card">
      <div className="adm-card__head">
        <h2>{t('admin.names.title')}</h2>
      </div>
      <DataTable<AdminName>
        testId="names"
        q={q}
        rowKey={(n) => `${n.kind}:${n.id}`}
        columns={[
          { key: 'kind', title: t('admin.names.kind'), render: (n) => <span className="adm-tag">{t(`admin.names.kinds.${n.kind}`)}</span> },
          { key: 'name', title: t('admin.names.zh'), render: (n) => <div className="adm-user__name">{n.name}</div> },
          { key: 'en', title: t('admin.names.en'), render: (n) => n.en || <span className="adm-muted">{t('admin.names.missing')}</span> },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (n) => (
              <Button size="mini" onClick={() => edit(n)}>
                {t('admin.catalog.edit')}
              </Button>
            ),
          },
        ]}
      />
      {dialog}
    </section>
  );
}
