import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

interface Props<T> {
  columns: Column<T>[];
  /** The list query: its rows, and whether it is fetching. */
  q: { data?: { list: T[] } | undefined; isFetching: boolean };
  rowKey: (row: T) => string | number;
  empty?: string;
  testId?: string;
  /** Extra content under a row (callbacks of an order, a user's ledger). */
  expanded?: (row: T) => ReactNode;
}

/** The console's table: a header, one row per item, an empty or loading line. */
export function DataTable<T>({ columns, q, rowKey, empty, testId, expanded }: Props<T>) {
  const { t } = useTranslation();
  const rows = q.data?.list;
  const loading = q.isFetching;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} style={{ width: c.width, textAlign: c.align }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows?.map((row) => {
            const extra = expanded?.(row);
            return [
              <tr key={rowKey(row)} data-testid={testId ? `${testId}-row` : undefined}>
                {columns.map((c) => (
                  <td key={c.key} style={{ textAlign: c.align }}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>,
              extra ? (
                <tr key={`${rowKey(row)}-x`} className="adm-table__extra">
                  <td colSpan={columns.length}>{extra}</td>
                </tr>
              ) : null,
            ];
          })}
          {(!rows || rows.length === 0) && (
            <tr>
              <td colSpan={columns.length} className="adm-table__empty">
                {loading || !rows ? t('common.loading') : (empty ?? t('common.empty'))}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
