import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { DataTable, type Column } from './DataTable';
import { useFormDialog, type Field } from './FormDialog';

interface Props<T> {
  title: ReactNode;
  testId: string;
  q: { data?: { list: T[] } | undefined; isFetching: boolean };
  rowKey: (row: T) => number;
  columns: Column<T>[];
  /** The dialog's fields, filled from a row when editing. */
  fields: (row?: T) => Field[];
  /** Saves the dialog's values (a new item when `row` is undefined). */
  save: (values: Record<string, string>, row?: T) => Promise<unknown>;
  addLabel: string;
  editTitle: (row: T) => string;
  description?: string;
  /** Row actions beside "edit". */
  actions?: (row: T) => ReactNode;
}

/** A card listing one kind of catalogue item, with add and edit through the form dialog. */
export function EditableCard<T>(p: Props<T>) {
  const { t } = useTranslation();
  const { ask, dialog } = useFormDialog();
  const edit = (row?: T) =>
    ask({
      title: row ? p.editTitle(row) : p.addLabel,
      ...(p.description ? { description: p.description } : {}),
      fields: p.fields(row),
      confirm: t('common.save'),
      onSubmit: async (v) => {
        await p.save(v, row);
        showToast(t('admin.done'), 'success');
      },
    });
  return (
    <section className="adm-card">
      <div className="adm-card__head">
        <h2>{p.title}</h2>
        <Button size="small" color="primary" onClick={() => edit()}>
          {p.addLabel}
        </Button>
      </div>
      <DataTable<T>
        testId={p.testId}
        q={p.q}
        rowKey={p.rowKey}
        columns={[
          ...p.columns,
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (row) => (
              <div className="adm-actions">
                {p.actions?.(row)}
                <Button size="mini" onClick={() => edit(row)}>
                  {t('admin.catalog.edit')}
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
