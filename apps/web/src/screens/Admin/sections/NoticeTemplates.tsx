import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminNoticeTemplate } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';

/** The notices written from a template, per language: operators reword them; readers get them with their language pack. */
export function NoticeTemplates() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminNoticeTemplates');
  const save = useAdminAction('adminNoticeTemplateSave');
  const { ask, dialog } = useFormDialog();
  const edit = (n: AdminNoticeTemplate) =>
    ask({
      title: t('admin.templates.edit', { kind: t(`admin.templates.kinds.${n.kind}`), lang: n.lang }),
      description: t('admin.templates.note'),
      fields: [
        { name: 'title', label: t('admin.templates.titleCol'), initial: n.title },
        { name: 'content', label: t('admin.templates.content'), kind: 'textarea', initial: n.content },
      ],
      confirm: t('common.save'),
      onSubmit: async (v) => {
        await save.mutateAsync({ kind: n.kind, lang: n.lang, title: v.title ?? '', content: v.content ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });
  return (
    <section className="adm-card">
      <div className="adm-card__head">
        <h2>{t('admin.templates.title')}</h2>
      </div>
      <DataTable<AdminNoticeTemplate>
        testId="notice-templates"
        q={q}
        rowKey={(n) => `${n.kind}:${n.lang}`}
        columns={[
          { key: 'kind', title: t('admin.names.kind'), render: (n) => <span className="adm-tag">{t(`admin.templates.kinds.${n.kind}`)}</span> },
          { key: 'lang', title: t('admin.templates.lang'), render: (n) => n.lang },
          { key: 'title', title: t('admin.templates.titleCol'), render: (n) => <div className="adm-user__name">{n.title}</div> },
          { key: 'content', title: t('admin.templates.content'), render: (n) => <span className="adm-muted">{n.content}</span> },
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
